package io.github.collapseexecutor.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.BlockingCallableGroupCollapseExecutor;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.CollapseRules;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.RequestTarget;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.http.adapter.CountingStats;
import io.github.collapseexecutor.testing.Parking;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The meters without Spring: an application with a plain {@link MeterRegistry} gives an executor a
 * {@link MicrometerCollapseListener} and binds an HTTP adapter's counters with an
 * {@link HttpCollapseStatsMeterBinder}, and gets the {@code collapse.*} meters.
 */
final class PlainMeterRegistryTest {

  private final MeterRegistry registry = new SimpleMeterRegistry();

  @Test
  @Timeout(30)
  void anExecutorGivenTheListenerRecordsItsCallsAndRuns() throws Exception {
    BlockingCallableGroupCollapseExecutor profiles =
        new BlockingCallableGroupCollapseExecutor(
            "profiles", new MicrometerCollapseListener(registry, "core"));
    CountDownLatch backendEntered = new CountDownLatch(1);
    CountDownLatch backendReleased = new CountDownLatch(1);
    CompletableFuture<String> leader = new CompletableFuture<>();
    CompletableFuture<String> joiner = new CompletableFuture<>();
    Thread leading =
        new Thread(
            () ->
                leader.complete(
                    profiles.execute(
                        "profile:1",
                        () -> {
                          backendEntered.countDown();
                          Parking.await(backendReleased);
                          return "profile 1";
                        })));
    leading.start();
    Parking.await(backendEntered);
    // the backend is held: a second caller of the key joins the run in flight
    Thread joining =
        new Thread(() -> joiner.complete(profiles.execute("profile:1", () -> "a second run")));
    joining.start();
    Parking.awaitParked(List.of(joining));
    backendReleased.countDown();

    assertThat(leader.get(20, TimeUnit.SECONDS)).isEqualTo("profile 1");
    assertThat(joiner.get(20, TimeUnit.SECONDS)).isEqualTo("profile 1");
    assertThat(
            registry
                .get(MicrometerCollapseListener.CALLS)
                .tag("executor", "profiles")
                .tag("integration", "core")
                .tag("outcome", "ran")
                .counter()
                .count())
        .isEqualTo(1);
    assertThat(
            registry
                .get(MicrometerCollapseListener.CALLS)
                .tag("executor", "profiles")
                .tag("outcome", "collapsed")
                .counter()
                .count())
        .isEqualTo(1);
    assertThat(
            registry
                .get(MicrometerCollapseListener.BATCH_SIZE)
                .tag("executor", "profiles")
                .summary()
                .totalAmount())
        .isEqualTo(2);
  }

  @Test
  void anHttpAdaptersCountersArePublishedPerGroup() {
    HttpCollapseOptions options =
        HttpCollapseOptions.builder()
            .name("users-api")
            .group(CollapseGroup.ofUris("/users/*").withName("people"))
            .build();
    CountingStats stats = new CountingStats(1);

    new HttpCollapseStatsMeterBinder("okhttp", options, stats).bindTo(registry);

    assertThat(
            registry
                .get(HttpCollapseStatsMeterBinder.REQUESTS)
                .tag("executor", "users-api")
                .tag("integration", "okhttp")
                .tag("outcome", "led")
                .functionCounter()
                .count())
        .isZero();
    assertThat(
            registry
                .get(HttpCollapseStatsMeterBinder.GROUP_REQUESTS)
                .tag("group", "people")
                .tag("outcome", "replayed")
                .functionCounter()
                .count())
        .isZero();
    assertThat(
            registry
                .find(HttpCollapseStatsMeterBinder.UNSHARED)
                .tag("reason", "not-recorded")
                .functionCounter())
        .as("only the servlet filter answers in ways it cannot record")
        .isNull();
  }

  @Test
  void anObservingAdaptersWouldBeFiguresArePublishedPerGroup() {
    HttpCollapseOptions options =
        HttpCollapseOptions.builder()
            .group(CollapseGroup.ofUris("/users/*").withName("people"))
            .observeOnly(true)
            .build();
    CountingStats stats = new CountingStats(1);
    CollapseKey key =
        new CollapseRules(options)
            .keyFor(RequestTarget.builder("GET", URI.create("http://api/users/1")).build());
    stats.wouldJoin(key);
    stats.wouldSave(key);
    stats.fanIn(key, "people #000000", 2);
    stats.unshared(key, UnsharedReason.SET_COOKIE);

    new HttpCollapseStatsMeterBinder("okhttp", options, stats).bindTo(registry);

    assertThat(
            registry
                .get(HttpCollapseStatsMeterBinder.OBSERVED_WOULD_JOIN)
                .tag("group", "people")
                .functionCounter()
                .count())
        .isOne();
    assertThat(
            registry
                .get(HttpCollapseStatsMeterBinder.OBSERVED_WOULD_SAVE)
                .tag("group", "people")
                .functionCounter()
                .count())
        .isOne();
    assertThat(
            registry
                .get(HttpCollapseStatsMeterBinder.OBSERVED_UNSHARED)
                .tag("reason", "set-cookie")
                .functionCounter()
                .count())
        .isOne();
    assertThat(
            registry
                .get(HttpCollapseStatsMeterBinder.OBSERVED_FAN_IN)
                .tag("callers", "2")
                .functionCounter()
                .count())
        .isOne();
    assertThat(registry.find(HttpCollapseStatsMeterBinder.OBSERVED_FAN_IN).functionCounters())
        .hasSize(HttpCollapseStats.FAN_IN_BOUNDS.size() + 1);
  }
}
