package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.testing.identity.TwoCallersContract;

/** The identity rule through a {@code @CollapseBatch} method. */
final class CollapseBatchTwoCallersTest implements TwoCallersContract {

  @Override
  public Subject createSubject() {
    return AnnotationSubject.batch();
  }
}
