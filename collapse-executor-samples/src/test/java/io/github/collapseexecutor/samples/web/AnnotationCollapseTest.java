package io.github.collapseexecutor.samples.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.samples.Callers;
import io.github.collapseexecutor.samples.batch.User;
import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The annotated {@link UserDirectory} and the {@link UserApi} HTTP interface with 200 concurrent
 * callers: the store sees a handful of calls where a direct call would make 200.
 */
@GatedSampleTest
@Timeout(60)
final class AnnotationCollapseTest {

  private static final int CALLERS = 200;

  @Autowired private UserDirectory directory;

  @Autowired private UserApi userApi;

  @Autowired private LocalServer server;

  @Autowired private GatedUserStore store;

  @Test
  void twoHundredConcurrentCallsForOneUserRunTheCollapsibleMethodAHandfulOfTimes()
      throws Exception {
    Run run = call(caller -> directory.profile(7).orElseThrow());

    assertThat(run.users()).extracting(User::id).containsOnly(7L);
    assertThat(run.storeCalls()).isBetween(1L, 5L);
  }

  @Test
  void twoHundredConcurrentCallsForDifferentUsersMakeFewBatchCallsAndEachGetsItsOwnUser()
      throws Exception {
    Run run = call(caller -> directory.user(caller + 1L).orElseThrow());

    assertThat(run.users())
        .extracting(User::id)
        .containsExactlyElementsOf(LongStream.rangeClosed(1, CALLERS).boxed().toList());
    assertThat(run.users())
        .allSatisfy(user -> assertThat(user.name()).isEqualTo("user " + user.id()));
    // max-batch-size 100: the first call alone, then the 199 that queued behind it
    assertThat(run.storeCalls()).isBetween(2L, 10L);
  }

  @Test
  void anUnknownUserIsAnEmptyResultForItsCallerOnly() throws Exception {
    assertThat(directory.user(UserStore.USERS + 1L)).isEqualTo(Optional.empty());
  }

  @Test
  void theHttpInterfaceCollapsesLikeItsRestClient() throws Exception {
    Run run = call(caller -> userApi.user(server.uris(), 7));

    assertThat(run.users()).extracting(User::id).containsOnly(7L);
    assertThat(run.storeCalls()).isBetween(1L, CALLERS - 1L);
  }

  private record Run(List<User> users, long storeCalls) {}

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
