package io.github.collapseexecutor.core;

/**
 * How a shared call ended: one run of a same-key executor, one batch, or one HTTP call that
 * several requests waited for. Observers report it (as the {@code outcome} key of a
 * {@code collapse.call} observation, for Micrometer); it names no observation library, so every
 * integration can speak of it.
 */
public enum SharedCallOutcome {
  /** Not ended yet. */
  IN_PROGRESS("in-progress"),
  /** Its response was handed to every request that waited for it. */
  SHARED("shared"),
  /** Its response could not be shared: the requests that waited made their own calls. */
  REFUSED("refused"),
  /** It failed; the requests that waited got its failure, or made their own calls. */
  FAILED("failed"),
  /** Every request that shared it left before it ended. */
  ABANDONED("abandoned");

  private final String tag;

  SharedCallOutcome(String tag) {
    this.tag = tag;
  }

  /** Returns the lower-case name observers report, such as {@code "shared"}. */
  public String tag() {
    return tag;
  }
}
