package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.fleet.FleetStats.FleetInstance;
import io.github.collapseexecutor.fleet.FleetStats.FleetState;
import io.github.collapseexecutor.testing.redis.RedisServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the state says of sharing: each instance hears of the others through Redis, with the key
 * parts they noted, learns how many of its calls they joined, warns of an instance it can never
 * share with, never counts a call of its own as joined, and says it is idle until asked.
 */
@Timeout(120)
final class FleetInstancesTest {

  private static final FleetKey KEY = FleetKey.of("GET", "/quote/ACME");

  @AutoClose private final TestResources resources = new TestResources();
  @AutoClose private final TierLog log = new TierLog();
  private FleetOptions options;
  private RedisServer redis;

  @BeforeEach
  void ownRedis() throws Exception {
    redis = resources.own(RedisServer.builder());
    options = TestRedis.options().build();
  }

  @Test
  void instancesOnOtherPortsAreWarnedOfByBothPortsAndShownApart() {
    FleetCoordinator a = instance();
    FleetCoordinator b = instance();
    a.noteKeyPart("port", "8081");
    a.noteKeyPart("Host", "localhost:8081");
    b.noteKeyPart("port", "8082");
    b.noteKeyPart("Host", "localhost:8082");

    awaitTrue(() -> apart(a).equals(List.of("Host", "port")), "a to see b apart: " + seen(a));
    awaitTrue(() -> apart(b).equals(List.of("Host", "port")), "b to see a apart: " + seen(b));
    FleetInstance self = seen(a).get(0);
    assertThat(self.self()).isTrue();
    assertThat(self.keyParts())
        .isEqualTo(Map.of("Host", List.of("localhost:8081"), "port", List.of("8081")));
    assertThat(seen(a).get(1).keyParts()).containsEntry("port", List.of("8082"));
    assertThat(log.awaitAt(Level.WARNING, "no port in common"))
        .filteredOn(line -> line.contains("no port in common"))
        .hasSize(2)
        .allSatisfy(line -> assertThat(line).contains("[8081]", "[8082]"));
    assertThat(a.stats().othersJoined() + a.stats().joined()).isZero();
  }

  @Test
  void instancesWithAPortInCommonAreNotWarnedOf() {
    FleetCoordinator a = instance();
    FleetCoordinator b = instance();
    a.noteKeyPart("port", "8080");
    b.noteKeyPart("port", "8080");
    b.noteKeyPart("port", "9090");

    awaitTrue(() -> seen(a).size() == 2 && seen(b).size() == 2, "both to hear of each other");
    awaitTrue(() -> seen(a).get(1).keyParts().containsKey("port"), "a to hear b's port");
    assertThat(apart(a)).isEmpty();
    assertThat(log.at(Level.WARNING)).isEmpty();
  }

  @Test
  void theLeaderLearnsHowManyOfItsCallsAnotherInstanceJoined() throws Exception {
    FleetCoordinator a = instance();
    FleetCoordinator b = instance();
    GatedBackend backend = new GatedBackend();
    Future<String> led =
        resources.callers.submit(() -> a.call(KEY, FleetCodec.utf8(), () -> backend.call("q")));
    backend.awaitFirstCall();
    Future<String> joined =
        resources.callers.submit(() -> b.call(KEY, FleetCodec.utf8(), () -> backend.call("q")));
    awaitTrue(() -> b.watching() == 1, "b to wait for a");
    backend.open();

    assertThat(led.get(30, TimeUnit.SECONDS)).isEqualTo("answer to q");
    assertThat(joined.get(30, TimeUnit.SECONDS)).isEqualTo("answer to q");
    assertThat(backend.calls()).isEqualTo(1);
    assertThat(b.stats().joined()).isEqualTo(1);
    awaitTrue(() -> a.stats().othersJoined() == 1, "a to hear of b's join: " + a.stats());
    assertThat(a.stats().joined()).isZero();
    assertThat(b.stats().othersJoined()).isZero();
  }

  /**
   * Regression: {@code joined} rose on instances that shared nothing. Two callers of one instance
   * that its local collapse kept apart (another local address, say) reach the tier with one key:
   * the second takes the first's result, which is no join of another instance.
   */
  @Test
  void aResultOfItsOwnInstanceIsNoJoinOfAnother() throws Exception {
    FleetCoordinator a = instance();
    GatedBackend backend = new GatedBackend();
    List<Future<String>> answers = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      answers.add(
          resources.callers.submit(() -> a.call(KEY, FleetCodec.utf8(), () -> backend.call("q"))));
    }
    awaitTrue(() -> a.watching() == 1 && backend.calls() == 1, "one caller to wait for the other");
    backend.open();

    for (Future<String> answer : answers) {
      assertThat(answer.get(30, TimeUnit.SECONDS)).isEqualTo("answer to q");
    }
    assertThat(a.stats().joined()).isZero();
    assertThat(a.stats().joinedOwn()).isEqualTo(1);
    assertThat(a.stats().led()).isEqualTo(1);
  }

  @Test
  void idleUntilACallOrAWriteReachesTheTier() throws Exception {
    FleetCoordinator a = instance();
    FleetCoordinator b = instance();
    assertThat(a.stats().state()).isEqualTo(FleetState.IDLE);
    assertThat(a.stats().coordinating()).isTrue();

    assertThat(a.call(KEY, FleetCodec.utf8(), () -> "answer")).isEqualTo("answer");
    b.written().get(30, TimeUnit.SECONDS);
    assertThat(a.stats().state()).isEqualTo(FleetState.COORDINATING);
    assertThat(b.stats().state()).isEqualTo(FleetState.COORDINATING);
  }

  private FleetCoordinator instance() {
    return resources.add(TestRedis.coordinating(redis.port(), options));
  }

  private static List<FleetInstance> seen(FleetCoordinator instance) {
    return instance.stats().instances();
  }

  /** Returns what the first other instance {@code instance} heard of has nothing in common of. */
  private static List<String> apart(FleetCoordinator instance) {
    List<FleetInstance> seen = seen(instance);
    return seen.size() < 2 ? List.of() : seen.get(1).noneInCommon();
  }
}
