package io.github.collapseexecutor.core;

/**
 * What one caller did with respect to the calls it could share: observers report it (as the
 * {@code collapse.outcome} key of the caller's own observation, for Micrometer). It names no
 * observation library, so every integration can speak of it.
 */
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
  NOT_COLLAPSED("not-collapsed"),
  /**
   * Led on its instance, and got the result of the same call made by another instance of the
   * application instead of making it (through a tier that coordinates instances).
   */
  JOINED_ELSEWHERE("joined-elsewhere");

  private final String tag;

  CallerOutcome(String tag) {
    this.tag = tag;
  }

  /** Returns the lower-case name observers report, such as {@code "joined"}. */
  public String tag() {
    return tag;
  }
}
