package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.ApplicationListener;

/**
 * Says once, when the application has started, where a server filter with {@code fleet: true}
 * can share requests across the instances. Its key holds the {@code Host} a request named and the
 * local port it arrived on (the port stands for the connector, as each instance's address is its
 * own), so a request shares a call only with instances that received it on the same port and with
 * the same {@code Host}: instances that listen on other ports never share, and say nothing of it
 * at run time, since each request is simply not matched. The log names the port this instance
 * listens on, which Spring Boot's embedded server reported when it started
 * ({@code local.server.port}), so that a deployment that gives each instance a port of its own
 * sees it at once. INFO, not WARN: one port behind one host name is the normal deployment, and
 * the line only says what it rests on. Without an embedded server (a war in an external
 * container) there is no port to name, and nothing is said.
 */
final class ServerFleetPort implements ApplicationListener<ApplicationStartedEvent> {

  /** The property Spring Boot sets to the port of its embedded server once it started. */
  static final String LOCAL_PORT = "local.server.port";

  private final Class<?> configuration;
  private final String section;
  private final String integration;
  private final ObjectProvider<CollapseExecutors> executors;
  private final AtomicBoolean said = new AtomicBoolean();

  /**
   * @param configuration the auto-configuration whose logger speaks
   * @param section the section's key under {@code collapse.executor}, such as {@code servlet}
   * @param integration the integration of the filter's executor in the registry
   * @param executors the registry, where the filter says whether it has a fleet tier
   */
  ServerFleetPort(
      Class<?> configuration,
      String section,
      String integration,
      ObjectProvider<CollapseExecutors> executors) {
    this.configuration = configuration;
    this.section = section;
    this.integration = integration;
    this.executors = executors;
  }

  @Override
  public void onApplicationEvent(ApplicationStartedEvent event) {
    String port = event.getApplicationContext().getEnvironment().getProperty(LOCAL_PORT);
    if (port == null || !hasFleet() || !said.compareAndSet(false, true)) {
      return;
    }
    String prefix = "collapse.executor." + section + ".";
    System.getLogger(configuration.getName())
        .log(
            System.Logger.Level.INFO,
            () ->
                prefix
                    + "fleet is true: a request collapses across the instances only with instances that"
                    + " received it on the same port and with the same Host header, both part of its key."
                    + " This instance listens on port "
                    + port
                    + "; run every instance of the application"
                    + " on that port, behind one host name, for their requests to share.");
  }

  /** Whether the filter of this section was registered with a fleet tier. */
  private boolean hasFleet() {
    CollapseExecutors registry = executors.getIfAvailable();
    return registry != null
        && registry.list().stream()
            .anyMatch(
                executor ->
                    executor.integration().equals(integration)
                        && executor.options().fleet() != null);
  }
}
