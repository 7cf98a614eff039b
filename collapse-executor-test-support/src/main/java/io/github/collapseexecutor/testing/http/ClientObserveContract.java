package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Observe mode ({@link HttpCollapseOptions#observeOnly()}) for every client adapter, against a
 * real server that holds each request until all of a round have reached it: every caller makes
 * its own call and gets what it gets without collapse, and the adapter counts that all but the
 * first would have joined, and why a response would not have been shared.
 */
public interface ClientObserveContract extends ClientContract {

  /**
   * How many callers a round sets off at once, every one of them held at the backend: within the
   * 16 connections Reactor Netty's default pool opens to one server on a machine of two cores.
   */
  int OBSERVED_CALLERS = 12;

  @Test
  @Timeout(60)
  default void observedIdenticalCallsEachReachTheBackendAndAllButOneWouldJoin() throws Exception {
    ObservedBackend backend = new ObservedBackend();
    String baseUrl = backend.start();
    try {
      List<Outcome> plain;
      try (DrivenClient client = fixture().open(ClientFixture.Setup.plain(baseUrl))) {
        plain = observedRound(backend, client, i -> Call.get(ObservedBackend.PATH + "items/1"));
      }
      try (DrivenClient client = open(baseUrl, observing())) {
        int before = backend.calls();

        List<Outcome> observed =
            observedRound(backend, client, i -> Call.get(ObservedBackend.PATH + "items/1"));

        assertThat(backend.calls() - before).as("backend calls").isEqualTo(OBSERVED_CALLERS);
        assertThat(observed).as("as without collapse").isEqualTo(plain);
        HttpCollapseStats stats = client.stats();
        assertThat(stats.passedThrough()).isEqualTo(OBSERVED_CALLERS);
        assertThat(stats.led() + stats.replayed() + stats.fellBack()).isZero();
        assertThat(stats.wouldJoin()).isEqualTo(OBSERVED_CALLERS - 1);
        assertThat(stats.wouldSave()).isEqualTo(OBSERVED_CALLERS - 1);
        assertThat(stats.fanIn()).isEqualTo(oneRunOf(OBSERVED_CALLERS));
        // shown as the group and a short hash of the key, never the path itself
        assertThat(stats.topKeys()).hasSize(1);
        assertThat(stats.topKeys().keySet().iterator().next())
            .matches("/observed/\\*\\* #[0-9a-f]{6}");
        assertThat(stats.topKeys().values()).containsExactly((long) OBSERVED_CALLERS - 1);
      }
    } finally {
      backend.stop();
    }
  }

  @Test
  @Timeout(60)
  default void observedResponsesThatSetACookieOrArePrivateAreCountedUnderTheirReasons()
      throws Exception {
    ObservedBackend backend = new ObservedBackend();
    String baseUrl = backend.start();
    try (DrivenClient client = open(baseUrl, observing())) {
      List<Outcome> cookies =
          observedRound(backend, client, i -> Call.get(ObservedBackend.PATH + "cookie/1"));
      observedRound(backend, client, i -> Call.get(ObservedBackend.PATH + "private/1"));

      assertThat(cookies).allSatisfy(cookie -> assertThat(cookie.header("Set-Cookie")).isNotNull());
      assertThat(backend.calls()).isEqualTo(2 * OBSERVED_CALLERS);
      HttpCollapseStats stats = client.stats();
      assertThat(stats.wouldJoin()).isEqualTo(2 * (OBSERVED_CALLERS - 1));
      assertThat(stats.wouldSave()).as("savings").isZero();
      assertThat(stats.unshared(UnsharedReason.SET_COOKIE)).isEqualTo(OBSERVED_CALLERS);
      assertThat(stats.unshared(UnsharedReason.PRIVATE)).isEqualTo(OBSERVED_CALLERS);
    } finally {
      backend.stop();
    }
  }

  @Test
  @Timeout(60)
  default void observedCallsOfDifferentCredentialsNeverCountAsJoins() throws Exception {
    ObservedBackend backend = new ObservedBackend();
    String baseUrl = backend.start();
    try (DrivenClient client = open(baseUrl, observing())) {
      observedRound(
          backend,
          client,
          i -> Call.get(ObservedBackend.PATH + "items/2", "Authorization", "Bearer user-" + i));

      assertThat(backend.calls()).isEqualTo(OBSERVED_CALLERS);
      HttpCollapseStats stats = client.stats();
      assertThat(stats.wouldJoin()).isZero();
      assertThat(stats.wouldSave()).isZero();
      assertThat(stats.fanIn().get(0)).as("runs of one caller").isEqualTo(OBSERVED_CALLERS);
    } finally {
      backend.stop();
    }
  }

  private HttpCollapseOptions observing() {
    return options()
        .group(CollapseGroup.ofUris(ObservedBackend.PATH + "**"))
        .observeOnly(true)
        .build();
  }

  /** Sends {@link #OBSERVED_CALLERS} calls at once, the i-th made by {@code calls}. */
  private static List<Outcome> observedRound(
      ObservedBackend backend, DrivenClient client, IntFunction<Call> calls) throws Exception {
    backend.expect(OBSERVED_CALLERS);
    AtomicInteger next = new AtomicInteger();
    return Concurrently.run(
        OBSERVED_CALLERS, () -> client.send(calls.apply(next.getAndIncrement())));
  }

  /** Returns the fan-in of one would-be run of {@code callers} callers. */
  private static List<Long> oneRunOf(int callers) {
    List<Long> buckets =
        new ArrayList<>(Collections.nCopies(HttpCollapseStats.FAN_IN_BOUNDS.size() + 1, 0L));
    int bucket = 0;
    while (bucket < HttpCollapseStats.FAN_IN_BOUNDS.size()
        && callers > HttpCollapseStats.FAN_IN_BOUNDS.get(bucket)) {
      bucket++;
    }
    buckets.set(bucket, 1L);
    return buckets;
  }
}
