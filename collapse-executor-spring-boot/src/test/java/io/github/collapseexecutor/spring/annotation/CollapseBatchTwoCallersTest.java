package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.spring.identity.TwoCallersContract;

/** The identity rule through a {@code @CollapseBatch} method. */
final class CollapseBatchTwoCallersTest extends TwoCallersContract {

  @Override
  protected Subject createSubject() {
    return AnnotationSubject.batch();
  }
}
