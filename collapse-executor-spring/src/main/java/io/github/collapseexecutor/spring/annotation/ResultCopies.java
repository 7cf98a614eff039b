package io.github.collapseexecutor.spring.annotation;

import org.jspecify.annotations.Nullable;
import org.springframework.core.ResolvableType;

/**
 * How one annotated method's result reaches the callers that did not run it: as it is, or as a
 * copy of its {@link ResultCopier}.
 */
final class ResultCopies {

  /** No copier: every caller gets the result itself. */
  static final ResultCopies NONE = new ResultCopies(null, ResolvableType.NONE);

  private final @Nullable ResultCopier copier;
  private final ResolvableType type;

  ResultCopies(@Nullable ResultCopier copier, ResolvableType type) {
    this.copier = copier;
    this.type = type;
  }

  /** Returns whether joiners get copies, so that a call that needs none pays for nothing. */
  boolean isOn() {
    return copier != null;
  }

  /** Returns what a caller that did not run the method gets of {@code result}. */
  @Nullable Object forJoiner(@Nullable Object result) {
    return copier == null || result == null ? result : copier.copy(result, type);
  }
}
