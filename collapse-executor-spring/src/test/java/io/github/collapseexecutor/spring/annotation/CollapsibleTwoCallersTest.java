package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.testing.identity.TwoCallersContract;

/** The identity rule through a {@code @Collapsible} method. */
final class CollapsibleTwoCallersTest implements TwoCallersContract {

  @Override
  public Subject createSubject() {
    return AnnotationSubject.collapsible();
  }
}
