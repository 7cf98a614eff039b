package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.testing.identity.TwoCallersContract;

/** The identity rule through a {@code @CollapseBatch} method. */
final class CollapseBatchTwoCallersTest extends TwoCallersContract {

  @Override
  protected Subject createSubject() {
    return AnnotationSubject.batch();
  }
}
