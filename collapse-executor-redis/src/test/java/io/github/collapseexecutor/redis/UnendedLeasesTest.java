package io.github.collapseexecutor.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetStats.FallbackReason;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The ends of calls that did not reach Redis, sent again once it answers. */
final class UnendedLeasesTest {

  private final List<String> sentAgain = new ArrayList<>();

  @Test
  void anEndThatFailedIsSentAgainUntilRedisAnswersIt() {
    UnendedLeases leases = new UnendedLeases(TestRedis.options().build());
    leases.track("d1", "t1", CompletableFuture.completedFuture(Scripts.HELD));
    leases.track("d2", "t2", failed());

    leases.endAgain(this::fails);
    leases.endAgain(this::answers);
    leases.endAgain(this::answers);

    assertThat(sentAgain).containsExactly("d2:t2", "d2:t2");
    assertThat(leases.size()).isZero();
  }

  @Test
  void anEndIsKeptNoLongerThanTheLease() {
    UnendedLeases leases =
        new UnendedLeases(TestRedis.options().leaseTime(Duration.ofNanos(1)).build());
    leases.track("d1", "t1", failed());

    leases.endAgain(this::answers);

    assertThat(sentAgain).isEmpty();
    assertThat(leases.size()).isZero();
  }

  @Test
  void atMostSoManyEndsAreKept() {
    UnendedLeases leases = new UnendedLeases(TestRedis.options().build());
    for (int i = 0; i <= UnendedLeases.MAX_KEPT; i++) {
      leases.track("d" + i, "t" + i, failed());
    }

    assertThat(leases.size()).isEqualTo(UnendedLeases.MAX_KEPT);
  }

  private CompletableFuture<Long> answers(String digest, String token) {
    sentAgain.add(digest + ":" + token);
    return CompletableFuture.completedFuture(0L);
  }

  private CompletableFuture<Long> fails(String digest, String token) {
    sentAgain.add(digest + ":" + token);
    return failed();
  }

  private static CompletableFuture<Long> failed() {
    return CompletableFuture.failedFuture(
        new Unavailable(Fault.outage(FallbackReason.TIER_DOWN, "is not connected")));
  }
}
