package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.fleet.FleetStats;
import io.github.collapseexecutor.fleet.FleetStats.FallbackReason;
import io.github.collapseexecutor.fleet.FleetStats.FleetInstance;
import io.github.collapseexecutor.fleet.FleetStats.FleetState;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/** The counts behind {@link FleetStats}, and the tier's state and last problem. */
final class FleetCounters implements FleetStats {

  final LongAdder led = new LongAdder();
  final LongAdder joined = new LongAdder();
  final LongAdder leaseLost = new LongAdder();
  final LongAdder unshared = new LongAdder();
  final LongAdder overtaken = new LongAdder();
  final LongAdder evicted = new LongAdder();
  final LongAdder joinedOwn = new LongAdder();
  private final LongAdder[] fellBack = new LongAdder[FallbackReason.values().length];
  private final TierHealth health;
  private final FleetInstances instances;

  /** Whether a call or a write reached the tier yet: until then it is {@link FleetState#IDLE}. */
  private volatile boolean asked;

  FleetCounters(TierHealth health, FleetInstances instances) {
    this.health = health;
    this.instances = instances;
    Arrays.setAll(fellBack, reason -> new LongAdder());
  }

  /** Notes that a call or a write reached the tier. */
  void asked() {
    if (!asked) {
      asked = true;
    }
  }

  /** Counts a call that went on as local collapse for {@code reason}. */
  @SuppressWarnings("EnumOrdinal") // a table by ordinal, made from values(): never stored
  void countFellBack(FallbackReason reason) {
    fellBack[reason.ordinal()].increment();
  }

  @Override
  public long led() {
    return led.sum();
  }

  @Override
  public long joined() {
    return joined.sum();
  }

  @Override
  public long othersJoined() {
    return instances.othersJoined();
  }

  @Override
  public long joinedOwn() {
    return joinedOwn.sum();
  }

  @Override
  public List<FleetInstance> instances() {
    return instances.seen();
  }

  @Override
  public long fellBack() {
    return Arrays.stream(fellBack).mapToLong(LongAdder::sum).sum();
  }

  @Override
  @SuppressWarnings("EnumOrdinal") // a table by ordinal, made from values(): never stored
  public long fellBack(FallbackReason reason) {
    return fellBack[reason.ordinal()].sum();
  }

  @Override
  public long leaseLost() {
    return leaseLost.sum();
  }

  @Override
  public long unshared() {
    return unshared.sum();
  }

  @Override
  public long overtaken() {
    return overtaken.sum();
  }

  @Override
  public long evicted() {
    return evicted.sum();
  }

  @Override
  public long outages() {
    return health.outages();
  }

  @Override
  public boolean coordinating() {
    return health.up();
  }

  @Override
  public FleetState state() {
    FleetState state = health.state();
    return state == FleetState.COORDINATING && !asked ? FleetState.IDLE : state;
  }

  @Override
  public Optional<String> lastProblem() {
    return health.lastProblem();
  }

  @Override
  public Optional<Instant> lastProblemAt() {
    return health.lastProblemAt();
  }

  @Override
  public String toString() {
    return "FleetStats{state="
        + state()
        + ", led="
        + led()
        + ", joined="
        + joined()
        + ", othersJoined="
        + othersJoined()
        + ", fellBack="
        + fellBack()
        + " (down "
        + fellBack(FallbackReason.TIER_DOWN)
        + ", timeout "
        + fellBack(FallbackReason.TIMEOUT)
        + ", error "
        + fellBack(FallbackReason.REDIS_ERROR)
        + "), leaseLost="
        + leaseLost()
        + ", unshared="
        + unshared()
        + ", overtaken="
        + overtaken()
        + ", joinedOwn="
        + joinedOwn()
        + ", evicted="
        + evicted()
        + ", outages="
        + outages()
        + lastProblem().map(problem -> ", lastProblem=" + problem).orElse("")
        + "}";
  }
}
