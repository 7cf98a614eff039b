package io.github.collapseexecutor.samples.samekey;

import io.github.collapseexecutor.core.BlockingCallableGroupCollapseExecutor;
import io.github.collapseexecutor.samples.Callers;
import java.util.List;

/**
 * Same-key collapse for blocking callers: while one thread loads a user's profile, the other
 * threads asking for the same user wait for that load instead of making their own.
 *
 * <p>Run it: {@code ./mvnw -q -pl collapse-executor-samples -am -DskipTests package exec:java
 * -Ddemo.main=io.github.collapseexecutor.samples.samekey.BlockingSameKeyExample}
 */
public final class BlockingSameKeyExample implements AutoCloseable {

  private final BlockingCallableGroupCollapseExecutor profiles =
      new BlockingCallableGroupCollapseExecutor();
  private final ProfileClient client;

  public BlockingSameKeyExample(ProfileClient client) {
    this.client = client;
  }

  /** Returns the profile of {@code userId}; concurrent calls for one user share one load. */
  // spotless:off: the docs show this code as written here
  public Profile profile(long userId) {
    // the group holds everything the result depends on: here, the user alone
    return profiles.execute("profile:" + userId, () -> client.load(userId));
  }
  // spotless:on

  @Override
  public void close() {
    profiles.close();
  }

  public static void main(String[] args) throws Exception {
    RemoteProfileClient client = new RemoteProfileClient(HotUser.LATENCY);
    try (BlockingSameKeyExample example = new BlockingSameKeyExample(client)) {
      HotUser.askAtOnce(client, 7, caller -> example.profile(7));

      long before = client.calls();
      List<Profile> spread = Callers.runConcurrently(100, caller -> example.profile(caller % 5));
      System.out.printf(
          "100 threads asked for 5 users at once: %d distinct answers, %d service calls%n",
          spread.stream().distinct().count(), client.calls() - before);

      before = client.calls();
      example.profile(7);
      System.out.printf(
          "one more call for user 7 afterwards: %d service call (nothing is cached)%n",
          client.calls() - before);
    }
  }
}
