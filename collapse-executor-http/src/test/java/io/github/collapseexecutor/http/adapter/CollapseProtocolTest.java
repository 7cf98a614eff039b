package io.github.collapseexecutor.http.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CallerOutcome;
import io.github.collapseexecutor.http.CallObserver;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.http.adapter.ClientDriver.FailureCause;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The protocol's turns, its hit-for-pass table and its reasons, without any HTTP library. */
@Timeout(10)
final class CollapseProtocolTest {

  private static final RequestHeaders NONE = RequestHeaders.of(name -> List.of(), List::of);
  private static final RequestHeaders ALICE =
      RequestHeaders.of(
          name -> name.equalsIgnoreCase("authorization") ? List.of("Bearer alice") : List.of(),
          () -> List.of("Authorization"));

  private CollapseProtocol protocol = protocol(HttpCollapseOptions.DEFAULT_HIT_FOR_PASS_TTL, 10);

  @AfterEach
  void close() {
    protocol.close();
  }

  @Test
  void theFirstRequestLeadsAndTheNextWaitsForTheSnapshotItShares() throws Exception {
    CollapseKey key = key("/users/1", NONE);
    Lead lead = (Lead) protocol.join(key, NONE);
    Wait wait = (Wait) protocol.join(key, NONE);

    SharedResponse snapshot = snapshot(List.of(), NONE);
    lead.share(snapshot);

    assertThat(wait.answer(wait.future().get(5, TimeUnit.SECONDS))).isEqualTo(new Replay(snapshot));
    assertThat(protocol.counters().led()).isEqualTo(1);
    assertThat(protocol.counters().replayed()).isEqualTo(1);
  }

  @Test
  void aRefusedResponseSendsTheWaitersToTheBackendAndTheNextRequestsStraightThere()
      throws Exception {
    CollapseKey key = key("/users/1", NONE);
    Lead lead = (Lead) protocol.join(key, NONE);
    Wait wait = (Wait) protocol.join(key, NONE);

    lead.refuse(lead.refusal(List.of(Map.entry("Set-Cookie", "s=1"))));

    assertThat(wait.answer(wait.future().get(5, TimeUnit.SECONDS))).isSameAs(Pass.PASS);
    assertThat(protocol.join(key, NONE)).isSameAs(Pass.PASS);
    assertThat(protocol.join(key("/users/2", NONE), NONE))
        .as("another key still collapses")
        .isInstanceOf(Lead.class);
    assertThat(protocol.counters().unshared(UnsharedReason.SET_COOKIE)).isEqualTo(2);
    assertThat(protocol.counters().unshared(UnsharedReason.HIT_FOR_PASS)).isEqualTo(1);
    assertThat(protocol.counters().fellBack()).isEqualTo(1);
    assertThat(protocol.counters().passedThrough()).isEqualTo(1);
  }

  @Test
  void aPrivateResponseIsSharedOnlyWhenTheRequestsCarryACredential() {
    List<Map.Entry<String, String>> headers = List.of(Map.entry("Cache-Control", "private"));
    Lead anonymous = (Lead) protocol.join(key("/me", NONE), NONE);
    Lead alice = (Lead) protocol.join(key("/me", ALICE), ALICE);

    assertThat(anonymous.refusal(headers)).isEqualTo(UnsharedReason.PRIVATE);
    assertThat(alice.refusal(headers)).isNull();
  }

  @Test
  void aLeaderThatFailedOnItsOwnMarksNothingForHitForPass() {
    CollapseKey key = key("/users/1", NONE);
    Lead lead = (Lead) protocol.join(key, NONE);

    lead.refuse(UnsharedReason.LEADER_FAILED);

    assertThat(protocol.join(key, NONE)).isInstanceOf(Lead.class);
  }

  @Test
  void theWaitersOfALeaderThatLeftTakeTheCallOverAmongThemselves() throws Exception {
    CollapseKey key = key("/users/1", NONE);
    Lead lead = (Lead) protocol.join(key, NONE);
    Wait first = (Wait) protocol.join(key, NONE);
    Wait second = (Wait) protocol.join(key, NONE);

    lead.fail(new InterruptedIOException("interrupted"), FailureCause.CALLER_LEFT);

    Turn firstNext = first.answer(first.future().get(5, TimeUnit.SECONDS));
    Turn secondNext = second.answer(second.future().get(5, TimeUnit.SECONDS));
    assertThat(firstNext).isInstanceOf(Lead.class);
    assertThat(secondNext).isInstanceOf(Wait.class);
    ((Lead) firstNext).refuse(UnsharedReason.LEADER_FAILED);
    assertThat(((Wait) secondNext).future()).succeedsWithin(Duration.ofSeconds(5));
  }

  @Test
  void aLeaderWhoseDeadlineEndedTheCallHandsItOverOnlyToWaitersWithALaterDeadline()
      throws Exception {
    CollapseKey key = key("/users/1", NONE);
    Lead lead = (Lead) protocol.join(key, NONE, null, deadlineIn(TimeUnit.SECONDS.toNanos(1)));
    Wait sooner = (Wait) protocol.join(key, NONE, null, deadlineIn(0));
    Wait later = (Wait) protocol.join(key, NONE, null, deadlineIn(TimeUnit.HOURS.toNanos(1)));
    Wait unlimited = (Wait) protocol.join(key, NONE, null, OwnLimits.NONE);
    IOException timeout = new InterruptedIOException("timeout");

    lead.fail(timeout, FailureCause.CALLER_LIMIT);

    assertThat(sooner.answer(sooner.future().get(5, TimeUnit.SECONDS)))
        .isEqualTo(new Failed(timeout));
    assertThat(later.answer(later.future().get(5, TimeUnit.SECONDS))).isInstanceOf(Lead.class);
    assertThat(unlimited.answer(unlimited.future().get(5, TimeUnit.SECONDS)))
        .isInstanceOf(Wait.class);
  }

  @Test
  void aLeaderWhoseReadTimeoutEndedTheCallHandsItOverOnlyToWaitersWithALongerOne()
      throws Exception {
    CollapseKey key = key("/users/1", NONE);
    Lead lead = (Lead) protocol.join(key, NONE, null, readTimeout(2));
    Wait same = (Wait) protocol.join(key, NONE, null, readTimeout(2));
    Wait longer = (Wait) protocol.join(key, NONE, null, readTimeout(3));
    IOException timeout = new java.net.SocketTimeoutException("Read timed out");

    lead.fail(timeout, FailureCause.CALLER_READ_TIMEOUT);

    assertThat(same.answer(same.future().get(5, TimeUnit.SECONDS))).isEqualTo(new Failed(timeout));
    assertThat(longer.answer(longer.future().get(5, TimeUnit.SECONDS))).isInstanceOf(Lead.class);
  }

  @Test
  void aLeaderWithoutADeadlineWhoseLimitEndedTheCallHandsItsFailureToEveryWaiter()
      throws Exception {
    CollapseKey key = key("/users/1", NONE);
    Lead lead = (Lead) protocol.join(key, NONE);
    Wait wait = (Wait) protocol.join(key, NONE);
    IOException timeout = new InterruptedIOException("timeout");

    lead.fail(timeout, FailureCause.CALLER_LIMIT);

    assertThat(wait.answer(wait.future().get(5, TimeUnit.SECONDS))).isEqualTo(new Failed(timeout));
  }

  private static OwnLimits deadlineIn(long nanos) {
    return new OwnLimits(OwnLimits.deadlineIn(nanos), Long.MAX_VALUE);
  }

  private static OwnLimits readTimeout(long seconds) {
    return new OwnLimits(OwnLimits.NO_DEADLINE, TimeUnit.SECONDS.toNanos(seconds));
  }

  @Test
  void theWaitersOfAFailedCallGetItsFailure() {
    CollapseKey key = key("/users/1", NONE);
    Lead lead = (Lead) protocol.join(key, NONE);
    Wait wait = (Wait) protocol.join(key, NONE);
    IOException reset = new IOException("connection reset");

    lead.fail(reset, FailureCause.CALL);

    assertThat(wait.future())
        .failsWithin(Duration.ofSeconds(5))
        .withThrowableOfType(ExecutionException.class)
        .withCause(reset);
  }

  @Test
  void hitForPassKeepsAtMostItsMaximumNumberOfKeys() {
    for (int i = 0; i < 25; i++) {
      CollapseKey key = key("/users/" + i, NONE);
      ((Lead) protocol.join(key, NONE)).refuse(UnsharedReason.TOO_LARGE);
    }

    assertThat(protocol.hitForPassKeys()).isEqualTo(10);
  }

  @Test
  void aZeroTimeToLiveTurnsHitForPassOff() {
    protocol.close();
    protocol = protocol(Duration.ZERO, 10);
    CollapseKey key = key("/users/1", NONE);

    ((Lead) protocol.join(key, NONE)).refuse(UnsharedReason.SET_COOKIE);

    assertThat(protocol.join(key, NONE)).isInstanceOf(Lead.class);
  }

  @Test
  void anExpiredKeyCollapsesAgain() {
    protocol.close();
    protocol = protocol(Duration.ofNanos(1), 10);
    CollapseKey key = key("/users/1", NONE);
    ((Lead) protocol.join(key, NONE)).refuse(UnsharedReason.SET_COOKIE);
    long marked = System.nanoTime();
    while (System.nanoTime() == marked) {
      Thread.onSpinWait();
    }

    assertThat(protocol.join(key, NONE)).isInstanceOf(Lead.class);
    assertThat(protocol.hitForPassKeys()).isZero();
  }

  @Test
  void aWaiterThatTimesOutFallsBackForThatReason() {
    CollapseKey key = key("/users/1", NONE);
    protocol.join(key, NONE);
    Wait wait = (Wait) protocol.join(key, NONE);

    assertThat(wait.answer(wait.timedOut())).isSameAs(Pass.PASS);
    assertThat(wait.future()).isCancelled();
    assertThat(protocol.counters().unshared(UnsharedReason.WAIT_TIMEOUT)).isEqualTo(1);
  }

  @Test
  void waitersWhoseVaryValuesDifferShareOneCallPerSetOfValues() throws Exception {
    CollapseKey key = key("/users/1", NONE);
    RequestHeaders a = edition("a");
    RequestHeaders b = edition("b");
    Lead lead = (Lead) protocol.join(key, a);
    Wait sameAsLeader = (Wait) protocol.join(key, a);
    Wait first = (Wait) protocol.join(key, b);
    Wait second = (Wait) protocol.join(key, b);

    lead.share(snapshot(List.of(Map.entry("Vary", "X-Edition")), a));

    assertThat(sameAsLeader.answer(sameAsLeader.future().get(5, TimeUnit.SECONDS)))
        .isInstanceOf(Replay.class);
    Turn firstTurn = first.answer(first.future().get(5, TimeUnit.SECONDS));
    Turn secondTurn = second.answer(second.future().get(5, TimeUnit.SECONDS));
    assertThat(firstTurn).isInstanceOf(Lead.class);
    assertThat(secondTurn).isInstanceOf(Wait.class);

    SharedResponse forB = snapshot(List.of(Map.entry("Vary", "X-Edition")), b);
    ((Lead) firstTurn).share(forB);
    Wait regrouped = (Wait) secondTurn;
    assertThat(regrouped.answer(regrouped.future().get(5, TimeUnit.SECONDS)))
        .isEqualTo(new Replay(forB));
    assertThat(protocol.counters().led()).isEqualTo(2);
    assertThat(protocol.counters().replayed()).isEqualTo(2);
    assertThat(protocol.counters().regrouped()).isEqualTo(2);
    assertThat(protocol.counters().fellBack()).isZero();
  }

  @Test
  void aRegroupedWaiterWhoseValuesDifferAgainMakesItsOwnCall() throws Exception {
    CollapseKey key = key("/users/1", NONE);
    RequestHeaders a = edition("a");
    RequestHeaders bInRegion =
        RequestHeaders.of(
            name ->
                switch (name.toLowerCase(Locale.ROOT)) {
                  case "x-edition" -> List.of("b");
                  case "x-region" -> List.of("eu");
                  default -> List.of();
                },
            () -> List.of("X-Edition", "X-Region"));
    Lead lead = (Lead) protocol.join(key, a);
    Wait first = (Wait) protocol.join(key, edition("b"));
    Wait second = (Wait) protocol.join(key, bInRegion);
    lead.share(snapshot(List.of(Map.entry("Vary", "X-Edition")), a));
    Lead regroupedLead = (Lead) first.answer(first.future().get(5, TimeUnit.SECONDS));
    Wait regrouped = (Wait) second.answer(second.future().get(5, TimeUnit.SECONDS));

    regroupedLead.share(snapshot(List.of(Map.entry("Vary", "X-Edition, X-Region")), edition("b")));

    assertThat(regrouped.answer(regrouped.future().get(5, TimeUnit.SECONDS))).isSameAs(Pass.PASS);
    assertThat(protocol.counters().unshared(UnsharedReason.VARY)).isEqualTo(1);
  }

  @Test
  void laterRequestsKeyOnTheRememberedVaryNamesFromTheStart() {
    CollapseKey key = key("/users/1", NONE);
    ((Lead) protocol.join(key, edition("a")))
        .share(snapshot(List.of(Map.entry("Vary", "X-Edition")), edition("a")));

    assertThat(protocol.join(key, edition("a"))).isInstanceOf(Lead.class);
    assertThat(protocol.join(key, edition("b")))
        .as("another edition does not wait for edition a")
        .isInstanceOf(Lead.class);
    assertThat(protocol.join(key, edition("a"))).isInstanceOf(Wait.class);
    assertThat(protocol.varyKeys()).isEqualTo(1);
    assertThat(protocol.counters().varyKeyed()).isEqualTo(3);
    assertThat(protocol.counters().groups().get(0).varyKeyed()).isEqualTo(3);
  }

  @Test
  void varyNamesTheKeyHoldsAlreadyAreNotRemembered() {
    CollapseKey key = key("/users/1", NONE);
    ((Lead) protocol.join(key, NONE))
        .share(snapshot(List.of(Map.entry("Vary", "Accept-Encoding, Accept")), NONE));

    assertThat(protocol.varyKeys()).isZero();
  }

  @Test
  void aZeroVaryTtlRemembersNothing() {
    protocol.close();
    protocol =
        new CollapseProtocol(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/users/*"))
                .varyTtl(Duration.ZERO)
                .build(),
            "test");
    CollapseKey key = key("/users/1", NONE);
    ((Lead) protocol.join(key, edition("a")))
        .share(snapshot(List.of(Map.entry("Vary", "X-Edition")), edition("a")));

    assertThat(protocol.join(key, edition("a"))).isInstanceOf(Lead.class);
    assertThat(protocol.join(key, edition("b"))).isInstanceOf(Wait.class);
    assertThat(protocol.counters().varyKeyed()).isZero();
  }

  @Test
  void theFirstRefusalOfEachReasonInAGroupIsLoggedOnceWithTheSettingThatWouldChangeIt() {
    // System.Logger reaches java.util.logging here: keep what the class logs while refusing
    Logger logger = Logger.getLogger(FirstWarnings.class.getName());
    List<LogRecord> records = new CopyOnWriteArrayList<>();
    Handler keep =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            records.add(record);
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    logger.addHandler(keep);
    try {
      for (int i = 0; i < 3; i++) {
        CollapseKey key = key("/users/" + i, NONE);
        ((Lead) protocol.join(key, NONE)).refuse(UnsharedReason.TOO_LARGE);
      }
    } finally {
      logger.removeHandler(keep);
    }

    assertThat(records)
        .singleElement()
        .satisfies(
            record -> {
              assertThat(record.getLevel()).isEqualTo(Level.WARNING);
              assertThat(record.getMessage())
                  .contains(
                      "collapse group '/users/*' was not shared", "too-large", "max-body-size");
            });
    assertThat(protocol.counters().unshared(UnsharedReason.TOO_LARGE)).isEqualTo(3);
  }

  /**
   * No key holds a body: a request whose headers announce one passes, however the client that
   * will send it is built, and counts in its group.
   */
  @Test
  void aRequestWhoseHeadersAnnounceABodyPassesAndCountsInItsGroup() {
    List<RequestHeaders> withBodies =
        List.of(
            header("Content-Length", "12"),
            header("Transfer-Encoding", "chunked"),
            header("Content-Length", "x"));
    for (RequestHeaders withBody : withBodies) {
      CollapseKey key = key("/users/1", withBody);
      assertThat(protocol.join(key, withBody)).isSameAs(Pass.PASS);
    }
    RequestHeaders empty = header("Content-Length", "0");
    assertThat(protocol.join(key("/users/1", empty), empty)).isInstanceOf(Lead.class);
    assertThat(protocol.passWithBody(key("/users/1", NONE), null)).isSameAs(Pass.PASS);
    assertThat(protocol.counters().passedThrough()).isEqualTo(withBodies.size() + 1);
    assertThat(protocol.counters().groups().get(0).passedThrough())
        .isEqualTo(withBodies.size() + 1);
  }

  /**
   * Read after write: a call in flight may have been sent before the caller's own write, so a
   * request that asks for a fresh answer never joins one; requests after it still do.
   */
  @Test
  void aRequestThatAsksForAFreshAnswerNeverJoinsTheCallInFlightAndSaysWhy() {
    List<String> outcomes = new CopyOnWriteArrayList<>();
    protocol.close();
    protocol =
        new CollapseProtocol(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/users/*"))
                .observations(
                    options ->
                        new CallObserver() {
                          @Override
                          public Caller caller(@Nullable Object observation) {
                            return new Caller() {
                              @Override
                              public void outcome(CallerOutcome outcome, @Nullable String reason) {
                                outcomes.add(outcome + " " + reason);
                              }

                              @Override
                              public void linkTo(@Nullable SharedCall call) {}
                            };
                          }

                          @Override
                          public SharedCall sharedCall(
                              String executorName, CollapseKey key, Caller leader) {
                            return SharedCall.NONE;
                          }
                        })
                .build(),
            "test");
    CollapseKey key = key("/users/1", NONE);
    assertThat(protocol.join(key, NONE)).isInstanceOf(Lead.class);

    for (RequestHeaders fresh :
        List.of(
            header("Cache-Control", "no-cache"),
            header("Cache-Control", "max-age=0"),
            header("Pragma", "no-cache"))) {
      assertThat(protocol.join(key("/users/1", fresh), fresh)).isSameAs(Pass.PASS);
    }
    assertThat(protocol.join(key, header("Cache-Control", "no-store"))).isInstanceOf(Wait.class);
    assertThat(outcomes)
        .containsExactly(
            "LED null",
            "NOT_COLLAPSED fresh-requested",
            "NOT_COLLAPSED fresh-requested",
            "NOT_COLLAPSED fresh-requested",
            "JOINED null");
    assertThat(protocol.counters().groups().get(0).passedThrough()).isEqualTo(3);
  }

  private static CollapseProtocol protocol(Duration ttl, int maxKeys) {
    return new CollapseProtocol(
        HttpCollapseOptions.builder()
            .group(CollapseGroup.ofUris("/users/*", "/me"))
            .hitForPassTtl(ttl)
            .hitForPassMaxKeys(maxKeys)
            .build(),
        "test");
  }

  private CollapseKey key(String path, RequestHeaders headers) {
    return protocol
        .rules()
        .keyFor(
            RequestTarget.builder("GET", URI.create("http://backend.test" + path))
                .headers(headers)
                .build());
  }

  private static RequestHeaders edition(String edition) {
    return header("X-Edition", edition);
  }

  private static RequestHeaders header(String name, String value) {
    return RequestHeaders.of(
        asked -> asked.equalsIgnoreCase(name) ? List.of(value) : List.of(), () -> List.of(name));
  }

  private static SharedResponse snapshot(
      List<Map.Entry<String, String>> headers, RequestHeaders request) {
    return new SharedResponse(
        ClientDriver.Head.of(200, "OK", headers), new byte[] {1}, null, request);
  }
}
