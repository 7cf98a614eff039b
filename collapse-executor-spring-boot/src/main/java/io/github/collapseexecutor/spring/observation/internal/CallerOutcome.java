package io.github.collapseexecutor.spring.observation.internal;

/** What a caller did, as the {@code collapse.outcome} key says it. */
public enum CallerOutcome {
  /** Made the shared call. */
  LED("led"),
  /** Got the result, or the failure, of another caller's call. */
  JOINED("joined"),
  /** Had its argument served by one call of a batch method, with other callers' arguments. */
  BATCHED("batched"),
  /** Waited for another caller's call, then made its own, or failed at its own limit. */
  FELL_BACK("fell-back"),
  /** Went through without collapsing. */
  NOT_COLLAPSED("not-collapsed");

  private final String tag;

  CallerOutcome(String tag) {
    this.tag = tag;
  }

  /** Returns the value of the key. */
  public String tag() {
    return tag;
  }
}
