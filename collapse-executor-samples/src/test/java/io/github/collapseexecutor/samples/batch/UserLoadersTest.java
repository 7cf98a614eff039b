package io.github.collapseexecutor.samples.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.samples.Callers;
import io.github.collapseexecutor.samples.Parked;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

final class UserLoadersTest {

  /** Knows users 1 to 100; holds its first call until the test opens the gate. */
  static final class GatedUserService implements UserService {
    final List<List<Long>> calls = new CopyOnWriteArrayList<>();
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch gate = new CountDownLatch(1);

    @Override
    public Map<Long, User> getUsers(Collection<Long> ids) throws InterruptedException {
      calls.add(List.copyOf(ids));
      entered.countDown();
      if (!gate.await(10, TimeUnit.SECONDS)) {
        throw new AssertionError("the gate was not opened");
      }
      return ids.stream()
          .filter(id -> id >= 1 && id <= 100)
          .collect(Collectors.toMap(Function.identity(), id -> new User(id, "user " + id)));
    }
  }

  @Test
  void blockingCallersThatArriveDuringACallShareTheNextCall() throws Exception {
    GatedUserService service = new GatedUserService();
    try (BlockingUserLoader loader = new BlockingUserLoader(service)) {
      List<CompletableFuture<User>> results = new ArrayList<>();
      List<Thread> threads = new ArrayList<>();
      for (long id = 1; id <= 21; id++) {
        long userId = id;
        CompletableFuture<User> result = new CompletableFuture<>();
        Thread thread = new Thread(() -> result.complete(loader.getUser(userId)));
        results.add(result);
        threads.add(thread);
        thread.start();
        if (id == 1) {
          assertThat(service.entered.await(10, TimeUnit.SECONDS)).isTrue();
        }
      }
      // the first caller's call waits at the gate; the others, queued in the loader, for the next
      Parked.awaitAll(threads.subList(1, threads.size()));
      service.gate.countDown();

      for (int i = 0; i < results.size(); i++) {
        assertThat(results.get(i).get(10, TimeUnit.SECONDS).id()).isEqualTo(i + 1);
      }
      assertThat(service.calls).hasSize(2);
      assertThat(service.calls.get(1)).hasSize(20);
    }
  }

  @Test
  void asyncCallersThatArriveDuringACallShareTheNextCall() throws Exception {
    GatedUserService service = new GatedUserService();
    try (AsyncUserLoader loader = new AsyncUserLoader(service, 1)) {
      CompletableFuture<User> first = loader.getUser(1);
      assertThat(service.entered.await(10, TimeUnit.SECONDS)).isTrue();
      List<CompletableFuture<User>> next = new ArrayList<>();
      for (long id = 2; id <= 21; id++) {
        next.add(loader.getUser(id));
      }
      service.gate.countDown();

      assertThat(first.get(10, TimeUnit.SECONDS).id()).isEqualTo(1);
      for (int i = 0; i < next.size(); i++) {
        assertThat(next.get(i).get(10, TimeUnit.SECONDS).id()).isEqualTo(i + 2);
      }
      assertThat(service.calls).hasSize(2);
      assertThat(service.calls.get(1)).hasSize(20);
    }
  }

  @Test
  void aMissingUserFailsOnlyItsOwnBlockingCaller() throws Exception {
    RemoteUserService service = new RemoteUserService(100, Duration.ofMillis(5));
    try (BlockingUserLoader loader = new BlockingUserLoader(service)) {
      // ids 1 to 120: the last 20 do not exist
      List<String> outcomes =
          Callers.runConcurrently(
              120,
              caller -> {
                try {
                  return loader.getUser(caller + 1).name();
                } catch (NoSuchElementException e) {
                  return e.getMessage();
                }
              });

      for (int caller = 0; caller < 120; caller++) {
        long id = caller + 1;
        assertThat(outcomes.get(caller)).isEqualTo(id <= 100 ? "user " + id : "no user " + id);
      }
      assertThat(service.calls()).isLessThanOrEqualTo(120);
    }
  }

  @Test
  void aMissingUserFailsOnlyItsOwnAsyncCaller() throws Exception {
    GatedUserService service = new GatedUserService();
    try (AsyncUserLoader loader = new AsyncUserLoader(service, 1)) {
      CompletableFuture<User> blocker = loader.getUser(1);
      assertThat(service.entered.await(10, TimeUnit.SECONDS)).isTrue();
      CompletableFuture<User> found = loader.getUser(42);
      CompletableFuture<User> missing = loader.getUser(4242);
      CompletableFuture<User> alsoFound = loader.getUser(43);
      service.gate.countDown();

      assertThat(blocker.get(10, TimeUnit.SECONDS).id()).isEqualTo(1);
      assertThat(found.get(10, TimeUnit.SECONDS).id()).isEqualTo(42);
      assertThat(alsoFound.get(10, TimeUnit.SECONDS).id()).isEqualTo(43);
      assertThatThrownBy(() -> missing.get(10, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .hasCauseInstanceOf(NoSuchElementException.class)
          .hasRootCauseMessage("no user 4242");
      assertThat(service.calls).containsExactly(List.of(1L), List.of(42L, 4242L, 43L));
    }
  }

  @Test
  void anIdAskedForTwiceInOneBatchReachesTheServiceOnce() throws Exception {
    GatedUserService service = new GatedUserService();
    try (AsyncUserLoader loader = new AsyncUserLoader(service, 1)) {
      CompletableFuture<User> blocker = loader.getUser(1);
      assertThat(service.entered.await(10, TimeUnit.SECONDS)).isTrue();
      CompletableFuture<User> once = loader.getUser(7);
      CompletableFuture<User> twice = loader.getUser(7);
      service.gate.countDown();

      assertThat(blocker.get(10, TimeUnit.SECONDS).id()).isEqualTo(1);
      assertThat(once.get(10, TimeUnit.SECONDS)).isEqualTo(twice.get(10, TimeUnit.SECONDS));
      assertThat(service.calls.get(1)).containsExactly(7L);
    }
  }

  @Test
  void theExampleRuns() throws Exception {
    BatchUsersExample.main(new String[0]);
  }
}
