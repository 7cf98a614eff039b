package io.github.collapseexecutor.core;

/**
 * What a {@link CollapseListener} keeps of one run, from {@link CollapseListener#runStarted} until
 * the run ended: a span or an observation that is current on the thread that runs the work, for
 * example, so that whatever the work does is its child.
 *
 * <p>The executor calls {@link #workReturned()} once, on the thread that called
 * {@link CollapseListener#runStarted}, as soon as the work returned or threw; then
 * {@link #ended(BatchReport)} once, after the run's callers were settled, on the thread that
 * settled them. In the blocking and async flavours the two follow each other on one thread; in the
 * future flavours the work returns a future, and the run ends when that future completes,
 * usually later and on another thread. {@code workReturned} always comes first, and everything it
 * did is visible to {@code ended}.
 *
 * <pre>{@code
 * public RunScope runStarted(RunStart run) {
 *   Span span = tracer.spanBuilder("collapse " + run.executorName()).startSpan();
 *   Scope current = span.makeCurrent();
 *   return new RunScope() {
 *     public void workReturned() {
 *       current.close(); // on the thread that made it current
 *     }
 *
 *     public void ended(BatchReport report) {
 *       span.setAttribute("size", report.size());
 *       span.end();
 *     }
 *   };
 * }
 * }</pre>
 *
 * <p>Both methods must be quick and must not block; what they throw is handled as for every
 * listener method (see {@link CollapseListener}).
 */
public interface RunScope {

  /** Keeps nothing: what {@link CollapseListener#runStarted} returns unless overridden. */
  RunScope NONE = new RunScope() {};

  /**
   * Called once the work returned or threw, on the thread that started it: {@code doExecute} or
   * the same-key callable. Close here what was made current on this thread.
   */
  default void workReturned() {}

  /**
   * Called once the run ended and its callers were settled, with the report that
   * {@link CollapseListener#batchCompleted} gets too, after it got it.
   */
  default void ended(BatchReport report) {}
}
