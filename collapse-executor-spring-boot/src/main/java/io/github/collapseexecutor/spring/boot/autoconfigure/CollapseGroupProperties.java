package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A collapse group of a {@link CollapseExecutorProperties} section: request paths whose GET and
 * HEAD requests may collapse.
 */
public class CollapseGroupProperties {

  /**
   * Name of the group in stats, metrics, the actuator endpoint and the log; the group's first
   * pattern when not set. The groups of a section have different names.
   */
  private @Nullable String name;

  /**
   * Path patterns in Spring's route syntax, each starting with '/': '/users/*', '/users/{id}',
   * '/api/**' (which also matches '/api').
   */
  private List<String> uris = new ArrayList<>();

  /** Regular expressions that must match the whole request path. */
  private List<String> uriRegexes = new ArrayList<>();

  /** Name of the collapse policy that shapes the key; the default policy when not set. */
  private @Nullable String collapsePolicyName;

  public @Nullable String getName() {
    return name;
  }

  public void setName(@Nullable String name) {
    this.name = name;
  }

  public List<String> getUris() {
    return uris;
  }

  public void setUris(List<String> uris) {
    this.uris = uris;
  }

  public List<String> getUriRegexes() {
    return uriRegexes;
  }

  public void setUriRegexes(List<String> uriRegexes) {
    this.uriRegexes = uriRegexes;
  }

  public @Nullable String getCollapsePolicyName() {
    return collapsePolicyName;
  }

  public void setCollapsePolicyName(@Nullable String collapsePolicyName) {
    this.collapsePolicyName = collapsePolicyName;
  }
}
