package io.github.collapseexecutor.core.classic;

import io.github.collapseexecutor.core.BlockingCallableGroupCollapseExecutor;

// The classic README's first example (same key, blocking), as written there; only the imports are
// this library's.
public class BlockingCollapseExecutorExample {

  public static void main(String[] args) throws Throwable {
    BlockingCallableGroupCollapseExecutor blockingCollapseExecutor =
        new BlockingCallableGroupCollapseExecutor();
    String outputString =
        blockingCollapseExecutor.execute(
            "example group", () -> "Hello World Collapse Executor. Blocking");
    System.out.println(outputString);
  }
}
