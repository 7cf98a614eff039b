package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.List;

/**
 * The settings of an outbound client integration: which client beans get the adapter, and
 * whether their calls collapse across the fleet.
 */
public abstract class ClientSection extends HttpSection {

  /**
   * Names of client beans to add the adapter to, last, when they are created; every other
   * client is left alone. Each must name a bean of a client type the section serves.
   */
  private List<String> applyToBeans = new ArrayList<>();

  /**
   * Whether a call that leads its key on this instance also collapses with the other instances
   * of the application, through the fleet tier (collapse.executor.fleet). Only the clients of
   * apply-to-beans take part, each under its bean's name.
   */
  private boolean fleet;

  /** Takes the key of this section under {@code collapse.executor}. */
  protected ClientSection(String key) {
    super(key);
  }

  @Override
  public boolean isFleet() {
    return fleet;
  }

  public void setFleet(boolean fleet) {
    this.fleet = fleet;
  }

  public List<String> getApplyToBeans() {
    return applyToBeans;
  }

  public void setApplyToBeans(List<String> applyToBeans) {
    this.applyToBeans = applyToBeans;
  }
}
