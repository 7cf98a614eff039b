package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The settings of one HTTP integration, bound under {@code collapse.executor.<key>}: whether it
 * is on, which requests may collapse, and its own {@link HttpSettings} (body limit, sensitive
 * headers, hit-for-pass and Vary tables), which override the top-level ones.
 *
 * <p>An integration registers its section by enabling its subclass as configuration properties
 * in its auto-configuration; {@link CollapseSettings} checks every registered section at startup.
 * The subclass is also listed in {@link UnknownKeyCheck#PROPERTIES}, so that the unknown-key check
 * knows its keys where the integration is absent.
 */
public abstract class HttpSection extends HttpSettings {

  /** Whether this integration is enabled. */
  private boolean enabled = true;

  /** Named policies that shape the collapse key of the groups that name them. */
  private Map<String, CollapsePolicyProperties> collapsePolicies = new LinkedHashMap<>();

  /** Groups of request paths that may collapse, tried in order; the first that matches wins. */
  private List<CollapseGroupProperties> collapseGroups = new ArrayList<>();

  /**
   * How long a request that joined an identical request's call waits for its response before
   * it stops waiting and goes on as if collapse were off: a client makes its own call, the
   * servlet filter runs the chain.
   */
  private @Nullable Duration waitTimeout;

  /**
   * Whether a request that leads its key on this instance also collapses with the other
   * instances of the application, through the fleet tier (collapse.executor.fleet). Of the
   * clients, only those of apply-to-beans take part, each under its bean's name.
   */
  private boolean fleet;

  private final String key;

  /** Takes the key of this section under {@code collapse.executor}, such as {@code okhttp}. */
  protected HttpSection(String key) {
    this.key = key;
  }

  /** Returns the key of this section under {@code collapse.executor}, such as {@code okhttp}. */
  public final String key() {
    return key;
  }

  /**
   * Returns whether the adapter of this section also collapses across the instances of the
   * application, through the fleet tier: its {@code fleet} key.
   */
  public boolean isFleet() {
    return fleet;
  }

  public void setFleet(boolean fleet) {
    this.fleet = fleet;
  }

  /** Adds what is wrong with the settings only this section has to {@code errors}. */
  void checkOwnSettings(PropertyErrors errors) {}

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public Map<String, CollapsePolicyProperties> getCollapsePolicies() {
    return collapsePolicies;
  }

  public void setCollapsePolicies(Map<String, CollapsePolicyProperties> collapsePolicies) {
    this.collapsePolicies = collapsePolicies;
  }

  public List<CollapseGroupProperties> getCollapseGroups() {
    return collapseGroups;
  }

  public void setCollapseGroups(List<CollapseGroupProperties> collapseGroups) {
    this.collapseGroups = collapseGroups;
  }

  public @Nullable Duration getWaitTimeout() {
    return waitTimeout;
  }

  public void setWaitTimeout(@Nullable Duration waitTimeout) {
    this.waitTimeout = waitTimeout;
  }
}
