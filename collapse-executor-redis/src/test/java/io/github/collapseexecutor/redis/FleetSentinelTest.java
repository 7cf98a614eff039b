package io.github.collapseexecutor.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.redis.RedisSentinels;
import io.lettuce.core.RedisURI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two instances on a Sentinel set of the test's own (one master, one replica, three sentinels),
 * through the Sentinel URI: one backend call for concurrent calls across both, and a failover,
 * asked for or after the master was killed, under load: no call fails, and the instances share
 * calls again on the new master within {@value FailoverDrill#BACK_WITHIN_SECONDS} s.
 */
@Timeout(240)
final class FleetSentinelTest {

  private final ExecutorService callers = Executors.newCachedThreadPool();
  private final List<AutoCloseable> closing = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    callers.shutdownNow();
    for (AutoCloseable resource : closing) {
      resource.close();
    }
  }

  @Test
  void concurrentCallsAcrossTwoInstancesMakeOneBackendCall() throws Exception {
    RedisSentinels sentinels = sentinels();
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = instance(sentinels, options);
    FleetCoordinator b = instance(sentinels, options);

    int single = 0;
    for (int round = 0; round < 3; round++) {
      single += GatedRound.run(callers, a, b, "/quote/" + round, 50) == 1 ? 1 : 0;
    }

    assertThat(single).as("rounds with one backend call").isGreaterThanOrEqualTo(2);
  }

  @Test
  void aSentinelFailoverUnderLoadFailsNoCallAndCoordinationComesBack() throws Exception {
    RedisSentinels sentinels = sentinels();
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = instance(sentinels, options);
    FleetCoordinator b = instance(sentinels, options);
    int[] oldMaster = new int[1];

    FailoverDrill.Outcome outcome = new FailoverDrill(callers, a, b, "/quote").run(
        () -> oldMaster[0] = sentinels.failOver(),
        () -> sentinels.awaitMasterOtherThan(oldMaster[0], 30));

    System.out.println("SENTINEL FAILOVER: " + outcome);
    assertThat(outcome.failed()).as("failed calls of " + outcome.calls()).isZero();
    assertThat(outcome.coordinatedAgain()).as(outcome.toString()).isTrue();
  }

  @Test
  void aKilledMasterUnderLoadFailsNoCallAndCoordinationComesBack() throws Exception {
    RedisSentinels sentinels = sentinels();
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = instance(sentinels, options);
    FleetCoordinator b = instance(sentinels, options);
    int[] oldMaster = new int[1];

    FailoverDrill.Outcome outcome = new FailoverDrill(callers, a, b, "/quote").run(
        () -> oldMaster[0] = sentinels.killMaster(),
        () -> sentinels.awaitMasterOtherThan(oldMaster[0], 30));

    System.out.println("SENTINEL MASTER KILLED: " + outcome);
    assertThat(outcome.failed()).as("failed calls of " + outcome.calls()).isZero();
    assertThat(outcome.coordinatedAgain()).as(outcome.toString()).isTrue();
  }

  private RedisSentinels sentinels() throws Exception {
    RedisSentinels sentinels = RedisSentinels.start();
    closing.add(sentinels);
    return sentinels;
  }

  private FleetCoordinator instance(RedisSentinels sentinels, FleetOptions options) {
    FleetCoordinator coordinator = TestRedis.coordinating(
        FleetCoordinator.connect(RedisURI.create(sentinels.uri()), options));
    closing.add(0, coordinator);
    return coordinator;
  }
}
