package io.github.collapseexecutor.samples.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.samples.Callers;
import io.github.collapseexecutor.samples.batch.BlockingUserLoader;
import io.github.collapseexecutor.samples.batch.User;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Each of the application's four clients against its own user API: concurrent calls through the
 * collapsing client make fewer backend calls than there are calls, and every caller gets the user
 * it asked for; through the direct client every call reaches the backend.
 */
@GatedSampleTest
@Timeout(60)
final class ClientCollapseTest {

  private static final int CALLERS = 50;
  private static final int USERS = 5;

  @Autowired private List<ComparedClient> clients;

  @Autowired private GatedUserStore store;

  @Autowired private BlockingUserLoader userLoader;

  @ParameterizedTest
  @ValueSource(strings = {"RestClient", "RestTemplate", "WebClient", "OkHttp"})
  void concurrentCallsForOneUserShareBackendCallsOnlyWithCollapse(String name) throws Exception {
    ComparedClient client = client(name);

    Run direct = call(caller -> client.direct().user(7));
    Run collapsing = call(caller -> client.collapsing().user(7));

    assertThat(direct.users()).extracting(User::id).containsOnly(7L);
    assertThat(collapsing.users()).extracting(User::id).containsOnly(7L);
    assertThat(direct.backendCalls()).isEqualTo(CALLERS);
    assertThat(collapsing.backendCalls()).isBetween(1L, CALLERS - 1L);
  }

  @ParameterizedTest
  @ValueSource(strings = {"RestClient", "RestTemplate", "WebClient", "OkHttp"})
  void everyCallerGetsTheUserItAskedFor(String name) throws Exception {
    UserClient client = client(name).collapsing();

    Run run = call(caller -> client.user(idOf(caller)));

    assertThat(run.users())
        .extracting(User::id)
        .containsExactlyElementsOf(
            IntStream.range(0, CALLERS).mapToObj(ClientCollapseTest::idOf).toList());
    assertThat(run.users())
        .allSatisfy(user -> assertThat(user.name()).isEqualTo("user " + user.id()));
    assertThat(run.backendCalls()).isBetween((long) USERS, CALLERS - 1L);
  }

  @Test
  void theBatchLoaderAsksForManyUsersInOneCall() throws Exception {
    Run run = call(caller -> userLoader.getUser(caller + 1L));

    assertThat(run.users())
        .extracting(User::id)
        .containsExactlyElementsOf(
            IntStream.rangeClosed(1, CALLERS).mapToObj(Long::valueOf).toList());
    assertThat(run.backendCalls()).isBetween(1L, CALLERS - 1L);
  }

  /** Caller {@code i} asks for user {@code i % USERS + 1}. */
  private static long idOf(int caller) {
    return caller % USERS + 1;
  }

  private ComparedClient client(String name) {
    return clients.stream().filter(client -> client.name().equals(name)).findFirst().orElseThrow();
  }

  private record Run(List<User> users, long backendCalls) {}

  private Run call(Callers.Call<User> call) throws Exception {
    store.expect(CALLERS);
    long before = store.calls();
    List<User> users =
        Callers.runConcurrently(
            CALLERS,
            caller -> {
              store.arrived();
              return call.run(caller);
            });
    return new Run(users, store.calls() - before);
  }
}
