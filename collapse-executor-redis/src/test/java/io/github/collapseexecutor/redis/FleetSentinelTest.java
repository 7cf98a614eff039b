package io.github.collapseexecutor.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.redis.RedisSentinels;
import io.lettuce.core.RedisURI;
import org.junit.jupiter.api.AutoClose;
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

  @AutoClose private final TestResources resources = new TestResources();

  @Test
  void concurrentCallsAcrossTwoInstancesMakeOneBackendCall() throws Exception {
    RedisSentinels sentinels = resources.add(RedisSentinels.start());
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = instance(sentinels, options);
    FleetCoordinator b = instance(sentinels, options);

    int single = 0;
    for (int round = 0; round < 3; round++) {
      single += GatedRound.run(resources.callers, a, b, "/quote/" + round, 50) == 1 ? 1 : 0;
    }

    assertThat(single).as("rounds with one backend call").isGreaterThanOrEqualTo(2);
  }

  @Test
  void aSentinelFailoverUnderLoadFailsNoCallAndCoordinationComesBack() throws Exception {
    drill(RedisSentinels::failOver).check("SENTINEL FAILOVER");
  }

  @Test
  void aKilledMasterUnderLoadFailsNoCallAndCoordinationComesBack() throws Exception {
    drill(RedisSentinels::killMaster).check("SENTINEL MASTER KILLED");
  }

  /**
   * Runs a {@link FailoverDrill} on a Sentinel set that {@code failOver} fails over, until the
   * sentinels name another master.
   */
  private FailoverDrill.Outcome drill(FailOver failOver) throws Exception {
    RedisSentinels sentinels = resources.add(RedisSentinels.start());
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = instance(sentinels, options);
    FleetCoordinator b = instance(sentinels, options);
    int[] oldMaster = new int[1];
    return new FailoverDrill(resources.callers, a, b, "/quote")
        .run(
            () -> oldMaster[0] = failOver.start(sentinels),
            () -> sentinels.awaitMasterOtherThan(oldMaster[0], 30));
  }

  private FleetCoordinator instance(RedisSentinels sentinels, FleetOptions options) {
    return TestRedis.coordinating(
        resources.add(FleetCoordinator.connect(RedisURI.create(sentinels.uri()), options)));
  }

  /** Starts a failover of a Sentinel set, and returns the port of the master it replaces. */
  @FunctionalInterface
  private interface FailOver {
    int start(RedisSentinels sentinels) throws Exception;
  }
}
