package io.github.collapseexecutor.samples.batch;

import io.github.collapseexecutor.samples.Callers;
import java.time.Duration;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * 200 threads each ask for one user, some of them for users that do not exist: with the blocking
 * and then the async loader, the service sees a handful of batch calls, and only the callers of
 * missing users fail.
 *
 * <p>Run it: {@code ./mvnw -q -pl collapse-executor-samples -am -DskipTests package exec:java
 * -Ddemo.main=io.github.collapseexecutor.samples.batch.BatchUsersExample}
 */
public final class BatchUsersExample {

  private static final int CALLERS = 200;
  private static final long KNOWN_USERS = 180;

  private BatchUsersExample() {}

  public static void main(String[] args) throws Exception {
    RemoteUserService blockingService = new RemoteUserService(KNOWN_USERS, Duration.ofMillis(20));
    try (BlockingUserLoader loader = new BlockingUserLoader(blockingService)) {
      List<String> outcomes =
          Callers.runConcurrently(
              CALLERS,
              caller -> {
                try {
                  return loader.getUser(caller + 1).name();
                } catch (NoSuchElementException missing) {
                  return "failed";
                }
              });
      print("blocking loader", outcomes, blockingService);
    }

    RemoteUserService asyncService = new RemoteUserService(KNOWN_USERS, Duration.ofMillis(20));
    try (AsyncUserLoader loader = new AsyncUserLoader(asyncService, 2)) {
      List<CompletableFuture<String>> futures =
          Callers.runConcurrently(
              CALLERS, caller -> loader.getUser(caller + 1).thenApply(User::name));
      List<String> outcomes =
          futures.stream()
              .map(
                  future -> {
                    try {
                      return future.join();
                    } catch (CompletionException e) {
                      return "failed";
                    }
                  })
              .toList();
      print("async loader", outcomes, asyncService);
    }
  }

  private static void print(String loader, List<String> outcomes, RemoteUserService service) {
    long failed = outcomes.stream().filter("failed"::equals).count();
    System.out.printf(
        "%-16s %d callers: %d got their user, %d failed (no such user);"
            + " %d getUsers calls for %d ids%n",
        loader, outcomes.size(), outcomes.size() - failed, failed, service.calls(), service.ids());
  }
}
