package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.micrometer.DefaultCollapseObservationConvention;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.config.MeterFilter;

/**
 * Gives the timers Spring Boot's meter handler makes from the {@code collapse.call} observation a
 * description, which an observation cannot carry: registries that publish descriptions (the
 * Prometheus {@code HELP} line) then say what the timer measures. A description the meter
 * already has is kept.
 */
final class CollapseCallDescription implements MeterFilter {

  static final String TIMER =
      "Time of each shared call: an HTTP adapter's call, from the"
          + " request that made it to the response it could share or not; a run of a @Collapsible"
          + " method; a call of a @CollapseBatch method's batch method.";

  static final String ACTIVE =
      "Shared calls in progress: HTTP adapters' calls, runs of"
          + " @Collapsible methods, calls of @CollapseBatch methods' batch methods.";

  @Override
  public Meter.Id map(Meter.Id id) {
    if (id.getDescription() != null) {
      return id;
    }
    String name = DefaultCollapseObservationConvention.NAME;
    if (id.getName().equals(name)) {
      return new Meter.Id(
          id.getName(), Tags.of(id.getTags()), id.getBaseUnit(), TIMER, id.getType());
    }
    if (id.getName().equals(name + ".active")) {
      return new Meter.Id(
          id.getName(), Tags.of(id.getTags()), id.getBaseUnit(), ACTIVE, id.getType());
    }
    return id;
  }
}
