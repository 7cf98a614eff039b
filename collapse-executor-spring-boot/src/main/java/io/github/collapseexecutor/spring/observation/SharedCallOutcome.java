package io.github.collapseexecutor.spring.observation;

/** How a shared call ended; free of Micrometer types, so the protocol can name it without them. */
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

  /** Returns the value of the {@code outcome} key. */
  public String tag() {
    return tag;
  }
}
