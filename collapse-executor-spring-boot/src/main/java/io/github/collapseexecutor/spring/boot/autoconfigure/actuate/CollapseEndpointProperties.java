package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The settings of the {@code collapse} actuator endpoint ({@code collapse.executor.endpoint.*}). */
@ConfigurationProperties("collapse.executor.endpoint")
public class CollapseEndpointProperties {

  /**
   * Number of recent events (batches, unshared requests, rejections, timeouts) the endpoint shows;
   * 0 records none. At most 1000.
   */
  private int recentEvents = RecentCollapseEvents.DEFAULT_CAPACITY;

  public int getRecentEvents() {
    return recentEvents;
  }

  public void setRecentEvents(int recentEvents) {
    this.recentEvents = recentEvents;
  }
}
