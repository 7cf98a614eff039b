package io.github.collapseexecutor.core.classic;

import io.github.collapseexecutor.core.AsyncCallableGroupCollapseExecutor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

// The classic README's second example (same key, async, on a pool it sets), as written there; only
// the imports are this library's.
public class AsyncCollapseExecutorExample {

  public static void main(String[] args) throws Throwable {
    AsyncCallableGroupCollapseExecutor asyncCallableGroupCollapseExecutor =
        new AsyncCallableGroupCollapseExecutor();
    asyncCallableGroupCollapseExecutor.setExecutor(
        new ThreadPoolExecutor(
            10,
            10,
            0,
            TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(),
            r -> {
              Thread thread = new Thread(r);
              thread.setDaemon(true);
              return thread;
            }));
    asyncCallableGroupCollapseExecutor
        .execute("example group", () -> "Hello World Collapse Executor. Async")
        .thenAccept(System.out::println)
        .thenRun(() -> System.exit(0));
    System.in.read();
  }
}
