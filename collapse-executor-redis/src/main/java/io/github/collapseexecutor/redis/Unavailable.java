package io.github.collapseexecutor.redis;

/** Redis did not answer in time, or answered with an error: {@link #fault()} says which. */
final class Unavailable extends Exception {

  private static final long serialVersionUID = 1L;

  private final transient Fault fault;

  Unavailable(Fault fault) {
    super(fault.text(), null, /* enableSuppression= */ false, /* writableStackTrace= */ false);
    this.fault = fault;
  }

  /** What went wrong, and whether only a change of configuration mends it. */
  Fault fault() {
    return fault;
  }
}
