package io.github.collapseexecutor.spring.webflux;

import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/** Keeps the low-cardinality key values of every stopped {@code http.server.requests}. */
record KeyValuesOfStops(ConcurrentLinkedQueue<Map<String, String>> recorded)
    implements ObservationHandler<Observation.Context> {

  @Override
  public void onStop(Observation.Context context) {
    if (context.getName().equals("http.server.requests")) {
      Map<String, String> keyValues = new TreeMap<>();
      for (KeyValue keyValue : context.getLowCardinalityKeyValues()) {
        keyValues.put(keyValue.getKey(), keyValue.getValue());
      }
      recorded.add(keyValues);
    }
  }

  @Override
  public boolean supportsContext(Observation.Context context) {
    return true;
  }
}
