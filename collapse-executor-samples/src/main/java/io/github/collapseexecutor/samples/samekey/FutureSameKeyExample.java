package io.github.collapseexecutor.samples.samekey;

import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor;
import java.util.concurrent.CompletableFuture;

/**
 * Same-key collapse for a non-blocking client: the first caller starts the request, and every
 * caller asking for the same user while it is on its way gets its own future of that response. No
 * thread waits anywhere.
 *
 * <p>Run it: {@code ./mvnw -q -pl collapse-executor-samples -am -DskipTests package exec:java
 * -Ddemo.main=io.github.collapseexecutor.samples.samekey.FutureSameKeyExample}
 */
public final class FutureSameKeyExample implements AutoCloseable {

  private final FutureCallableGroupCollapseExecutor profiles =
      new FutureCallableGroupCollapseExecutor();
  private final ProfileClient client;

  public FutureSameKeyExample(ProfileClient client) {
    this.client = client;
  }

  /** Returns a future of the profile of {@code userId}; concurrent calls share one request. */
  public CompletableFuture<Profile> profile(long userId) {
    return profiles.execute("profile:" + userId, () -> client.loadAsync(userId));
  }

  @Override
  public void close() {
    profiles.close();
  }

  public static void main(String[] args) throws Exception {
    RemoteProfileClient client = new RemoteProfileClient(HotUser.LATENCY);
    try (FutureSameKeyExample example = new FutureSameKeyExample(client)) {
      HotUser.askAtOnce(client, 7, caller -> example.profile(7).join());

      // when every caller leaves, the shared request is cancelled too
      long before = client.calls();
      CompletableFuture<Profile> only = example.profile(9);
      only.cancel(/* mayInterruptIfRunning= */ false);
      System.out.printf(
          "user 9: the only caller cancelled; %d service call was started and"
              + " then cancelled%n",
          client.calls() - before);
    }
  }
}
