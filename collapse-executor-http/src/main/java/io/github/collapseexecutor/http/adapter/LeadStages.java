package io.github.collapseexecutor.http.adapter;

import java.util.concurrent.CompletableFuture;

/**
 * The stage a shared call of an {@link AsyncClientCollapser} is in (the call, then the reading of
 * its body), so that the call can be cancelled wherever it is once every caller has left.
 */
final class LeadStages {

  private CompletableFuture<?> current;
  private boolean abandoned;

  LeadStages(CompletableFuture<?> call) {
    this.current = call;
  }

  /** Moves on to {@code stage}; cancels it at once if the call was abandoned already. */
  void next(CompletableFuture<?> stage) {
    boolean cancel;
    synchronized (this) {
      cancel = abandoned;
      current = stage;
    }
    if (cancel) {
      stage.cancel(/* mayInterruptIfRunning= */ false);
    }
  }

  /** Cancels the current stage: every caller left. */
  void abandon() {
    CompletableFuture<?> stage;
    synchronized (this) {
      abandoned = true;
      stage = current;
    }
    stage.cancel(/* mayInterruptIfRunning= */ false);
  }
}
