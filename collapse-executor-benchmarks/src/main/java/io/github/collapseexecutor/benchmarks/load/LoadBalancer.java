package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.net.URI;
import java.util.Map;

/** A proxy in front of instances of the sample application, started and stopped by the harness. */
interface LoadBalancer extends AutoCloseable {

  /** Returns the URL of {@code path} through the proxy. */
  URI url(String path);

  /**
   * Returns how many requests the proxy sent to each instance, by instance, or an empty map if
   * the proxy does not tell.
   */
  Map<String, Long> requestsPerInstance() throws IOException, InterruptedException;

  /** Stops the proxy. */
  @Override
  void close();
}
