package io.github.collapseexecutor.redis;

import java.util.concurrent.atomic.LongAdder;

/** The counts behind {@link FleetStats}. */
final class FleetCounters implements FleetStats {

  final LongAdder led = new LongAdder();
  final LongAdder joined = new LongAdder();
  final LongAdder fellBack = new LongAdder();
  final LongAdder leaseLost = new LongAdder();
  final LongAdder unshared = new LongAdder();
  final LongAdder overtaken = new LongAdder();
  private final TierHealth health;

  FleetCounters(TierHealth health) {
    this.health = health;
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
  public long fellBack() {
    return fellBack.sum();
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
  public long outages() {
    return health.outages();
  }

  @Override
  public boolean coordinating() {
    return health.up();
  }

  @Override
  public String toString() {
    return "FleetStats{led=" + led() + ", joined=" + joined() + ", fellBack=" + fellBack()
        + ", leaseLost=" + leaseLost() + ", unshared=" + unshared() + ", overtaken=" + overtaken()
        + ", outages=" + outages()
        + ", coordinating=" + coordinating() + "}";
  }
}
