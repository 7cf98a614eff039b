package io.github.collapseexecutor.testing.observation;

import io.github.collapseexecutor.testing.Parking;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.util.concurrent.CountDownLatch;

/**
 * Counts the stops of the observations of one name, for a test to wait until every one of them
 * stopped: a client or a server may stop its observation just after the caller has its response.
 * Register it before every other handler: a registry tells its handlers of a stop in the reverse
 * order of registration, so this one hears last, once the others recorded the stop.
 */
public final class ObservationStops implements ObservationHandler<Observation.Context> {

  private final String name;
  private volatile CountDownLatch stopped = new CountDownLatch(0);

  public ObservationStops(String name) {
    this.name = name;
  }

  /** Returns a new registry whose first handlers, which hear of a stop last, are {@code stops}. */
  public static ObservationRegistry registryWith(ObservationStops... stops) {
    ObservationRegistry registry = ObservationRegistry.create();
    for (ObservationStops handler : stops) {
      registry.observationConfig().observationHandler(handler);
    }
    return registry;
  }

  /** Expects {@code n} stops from now on. */
  public void expect(int n) {
    stopped = new CountDownLatch(n);
  }

  /** Waits, at most 10 s, for the stops expected. */
  public void await() {
    Parking.await(stopped);
  }

  @Override
  public void onStop(Observation.Context context) {
    if (name.equals(context.getName())) {
      stopped.countDown();
    }
  }

  @Override
  public boolean supportsContext(Observation.Context context) {
    return true;
  }
}
