package io.github.collapseexecutor.samples.samekey;

import io.github.collapseexecutor.core.AsyncCallableGroupCollapseExecutor;
import io.github.collapseexecutor.core.GroupCollapseExecutorOptions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Same-key collapse for callers that want a future while the client blocks: the load runs on an
 * executor, and every caller asking for the same user meanwhile gets a future of that one load.
 *
 * <p>Run it: {@code ./mvnw -q -pl collapse-executor-samples -am -DskipTests package exec:java
 * -Ddemo.main=io.github.collapseexecutor.samples.samekey.AsyncSameKeyExample}
 */
public final class AsyncSameKeyExample implements AutoCloseable {

  private final AsyncCallableGroupCollapseExecutor profiles;
  private final ProfileClient client;

  /** Runs loads on the collapse executor's own daemon threads, which end when idle. */
  public AsyncSameKeyExample(ProfileClient client) {
    this(client, GroupCollapseExecutorOptions.defaults());
  }

  /** Runs loads on {@code executor}, which stays the caller's to shut down. */
  public AsyncSameKeyExample(ProfileClient client, ExecutorService executor) {
    this(client, GroupCollapseExecutorOptions.builder().executor(executor).build());
  }

  private AsyncSameKeyExample(ProfileClient client, GroupCollapseExecutorOptions options) {
    this.profiles = new AsyncCallableGroupCollapseExecutor(options);
    this.client = client;
  }

  /** Returns a future of the profile of {@code userId}; concurrent calls share one load. */
  public CompletableFuture<Profile> profile(long userId) {
    return profiles.execute("profile:" + userId, () -> client.load(userId));
  }

  @Override
  public void close() {
    profiles.close();
  }

  public static void main(String[] args) throws Exception {
    RemoteProfileClient client = new RemoteProfileClient(HotUser.LATENCY);
    ExecutorService loaders = Executors.newFixedThreadPool(4);
    try (AsyncSameKeyExample example = new AsyncSameKeyExample(client, loaders)) {
      HotUser.askAtOnce(client, 7, caller -> example.profile(7).join());

      // a caller that gives up leaves alone: the load goes on for the others
      long before = client.calls();
      CompletableFuture<Profile> impatient = example.profile(8);
      CompletableFuture<Profile> patient = example.profile(8);
      impatient.cancel(/* mayInterruptIfRunning= */ false);
      System.out.printf(
          "user 8: one caller cancelled, the other got %s; %d service call%n",
          patient.join(), client.calls() - before);
    } finally {
      loaders.shutdown();
    }
  }
}
