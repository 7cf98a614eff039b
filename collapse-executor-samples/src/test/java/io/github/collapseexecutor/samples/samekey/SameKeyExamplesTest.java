package io.github.collapseexecutor.samples.samekey;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.samples.Parked;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

final class SameKeyExamplesTest {

  private static final int CALLERS = 50;

  /** A profile service that holds every call until the test opens the gate. */
  static final class GatedProfileClient implements ProfileClient {
    final AtomicInteger calls = new AtomicInteger();
    final Set<Thread> loading = ConcurrentHashMap.newKeySet();
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch gate = new CountDownLatch(1);
    final CompletableFuture<Void> asyncGate = new CompletableFuture<>();

    @Override
    public Profile load(long userId) throws InterruptedException {
      calls.incrementAndGet();
      loading.add(Thread.currentThread());
      entered.countDown();
      if (!gate.await(10, TimeUnit.SECONDS)) {
        throw new AssertionError("the gate was not opened");
      }
      return new Profile(userId, "user " + userId);
    }

    @Override
    public CompletableFuture<Profile> loadAsync(long userId) {
      calls.incrementAndGet();
      entered.countDown();
      return asyncGate.thenApply(ignored -> new Profile(userId, "user " + userId));
    }

    void open() {
      gate.countDown();
      asyncGate.complete(null);
    }
  }

  @Test
  void blockingCallersOfOneUserShareOneServiceCall() throws Exception {
    GatedProfileClient client = new GatedProfileClient();
    try (BlockingSameKeyExample example = new BlockingSameKeyExample(client)) {
      List<CompletableFuture<Profile>> results = new ArrayList<>();
      List<Thread> threads = new ArrayList<>();
      for (int i = 0; i < CALLERS; i++) {
        CompletableFuture<Profile> result = new CompletableFuture<>();
        Thread thread = new Thread(() -> result.complete(example.profile(7)));
        results.add(result);
        threads.add(thread);
        thread.start();
      }
      assertThat(client.entered.await(10, TimeUnit.SECONDS)).isTrue();
      // the thread that loads waits at the gate; every other one for its load, in the executor
      Parked.awaitAll(threads.stream().filter(thread -> !client.loading.contains(thread)).toList());
      client.open();

      for (CompletableFuture<Profile> result : results) {
        assertThat(result.get(10, TimeUnit.SECONDS)).isEqualTo(new Profile(7, "user 7"));
      }
      assertThat(client.calls).hasValue(1);
    }
  }

  @Test
  void asyncCallersOfOneUserShareOneServiceCall() throws Exception {
    GatedProfileClient client = new GatedProfileClient();
    try (AsyncSameKeyExample example = new AsyncSameKeyExample(client)) {
      List<CompletableFuture<Profile>> results = new ArrayList<>();
      for (int i = 0; i < CALLERS; i++) {
        results.add(example.profile(7));
      }
      client.open();

      for (CompletableFuture<Profile> result : results) {
        assertThat(result.get(10, TimeUnit.SECONDS)).isEqualTo(new Profile(7, "user 7"));
      }
      assertThat(client.calls).hasValue(1);
    }
  }

  @Test
  void futureCallersOfOneUserShareOneServiceCall() throws Exception {
    GatedProfileClient client = new GatedProfileClient();
    try (FutureSameKeyExample example = new FutureSameKeyExample(client)) {
      List<CompletableFuture<Profile>> results = new ArrayList<>();
      for (int i = 0; i < CALLERS; i++) {
        results.add(example.profile(7));
      }
      client.open();

      for (CompletableFuture<Profile> result : results) {
        assertThat(result.get(10, TimeUnit.SECONDS)).isEqualTo(new Profile(7, "user 7"));
      }
      assertThat(client.calls).hasValue(1);
    }
  }

  @Test
  void callersOfDifferentUsersDoNotShare() throws Exception {
    GatedProfileClient client = new GatedProfileClient();
    try (FutureSameKeyExample example = new FutureSameKeyExample(client)) {
      CompletableFuture<Profile> seven = example.profile(7);
      CompletableFuture<Profile> eight = example.profile(8);
      client.open();

      assertThat(seven.get(10, TimeUnit.SECONDS).userId()).isEqualTo(7);
      assertThat(eight.get(10, TimeUnit.SECONDS).userId()).isEqualTo(8);
      assertThat(client.calls).hasValue(2);
    }
  }

  @Test
  void aCallAfterTheLoadCompletedLoadsAgainBecauseNothingIsCached() {
    GatedProfileClient client = new GatedProfileClient();
    client.open();
    try (BlockingSameKeyExample example = new BlockingSameKeyExample(client)) {
      example.profile(7);
      example.profile(7);

      assertThat(client.calls).hasValue(2);
    }
  }

  @Test
  void theExamplesRun() throws Exception {
    BlockingSameKeyExample.main(new String[0]);
    AsyncSameKeyExample.main(new String[0]);
    FutureSameKeyExample.main(new String[0]);
  }
}
