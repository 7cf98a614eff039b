package io.github.collapseexecutor.spring.annotation;

/**
 * What a caller gets instead of another caller's result when nothing faithful can be handed
 * over: it makes a call of its own, on its own thread, in its own context, and is counted as not
 * collapsed for {@link #reason()}.
 */
final class OwnCall {

  /** The result holds an object a persistence context of another caller's thread manages. */
  static final OwnCall MANAGED = new OwnCall("managed-result");

  /** The result can be changed, and nothing copies it faithfully. */
  static final OwnCall MUTABLE = new OwnCall("mutable-result");

  /** The copy of the result for this caller failed: the copier threw. */
  static final OwnCall COPY_FAILED = new OwnCall("copy-failed");

  private final String reason;

  private OwnCall(String reason) {
    this.reason = reason;
  }

  /** Returns why the caller makes its own call, as observations report it. */
  String reason() {
    return reason;
  }

  @Override
  public String toString() {
    return reason;
  }
}
