package io.github.collapseexecutor.spring.boot.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The {@code collapse.executor.okhttp} section. */
@ConfigurationProperties("collapse.executor.okhttp")
public class CollapseOkHttpProperties extends ClientSection {

  /**
   * Whether a call that leads its key on this instance also collapses with the other instances
   * of the application, through the fleet tier (collapse.executor.fleet). Only the clients of
   * apply-to-beans take part, each under its bean's name.
   */
  private boolean fleet;

  public CollapseOkHttpProperties() {
    super("okhttp");
  }

  @Override
  public boolean isFleet() {
    return fleet;
  }

  public void setFleet(boolean fleet) {
    this.fleet = fleet;
  }
}
