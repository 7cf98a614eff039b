package io.github.collapseexecutor.core.classic;

import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor;
import java.util.concurrent.CompletableFuture;

// The classic README's third example (same key, the work returns a future), as written there; only
// the imports are this library's.
public class FutureCollapseExecutorExample {

  public static void main(String[] args) throws Throwable {
    FutureCallableGroupCollapseExecutor futureCollapseExecutor =
        new FutureCallableGroupCollapseExecutor();
    futureCollapseExecutor
        .execute(
            "example group",
            () -> CompletableFuture.completedFuture("Hello World Collapse Executor. Future"))
        .thenAccept(System.out::println)
        .thenRun(() -> System.exit(0));
    System.in.read();
  }
}
