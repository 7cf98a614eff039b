package io.github.collapseexecutor.http;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Thrown by {@link HttpCollapseOptions.Builder#build()} when collapse groups do not fit together:
 * two share a name, or one names a policy the options do not define. Besides the message, it says
 * which groups (their positions, in the order they were added) and which of their settings, so
 * that code that added the groups from a list, as the Spring Boot configuration does, can point at
 * the entries at fault.
 */
public final class CollapseGroupConflictException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  /** The {@link CollapseGroup} component at fault: {@code name} or {@code collapsePolicyName}. */
  private final String setting;

  private final String value;
  private final List<Integer> groups;

  CollapseGroupConflictException(
      String message, String setting, String value, List<Integer> groups) {
    super(message);
    this.setting = setting;
    this.value = value;
    this.groups = List.copyOf(groups);
  }

  /**
   * Throws for the first group whose name an earlier group has, or that names a policy not in
   * {@code policies}.
   */
  static void check(List<CollapseGroup> groups, Set<String> policies) {
    Map<String, Integer> named = new HashMap<>();
    for (int i = 0; i < groups.size(); i++) {
      CollapseGroup group = groups.get(i);
      Integer taken = named.putIfAbsent(group.name(), i);
      if (taken != null) {
        throw new CollapseGroupConflictException(
            "collapse groups "
                + taken
                + " and "
                + i
                + " are both named '"
                + group.name()
                + "'; give one a name of its own",
            "name",
            group.name(),
            List.of(taken, i));
      }
      String policy = group.collapsePolicyName();
      if (policy != null && !policies.contains(policy)) {
        throw new CollapseGroupConflictException(
            "collapse group '"
                + group.name()
                + "' names collapse policy '"
                + policy
                + "', which is not defined; defined: "
                + policies,
            "collapsePolicyName",
            policy,
            List.of(i));
      }
    }
  }

  /**
   * Returns the setting of the groups at fault, as the {@link CollapseGroup} component is named:
   * {@code name} or {@code collapsePolicyName}.
   */
  public String setting() {
    return setting;
  }

  /** Returns the value of that setting: the shared name, or the undefined policy's name. */
  public String value() {
    return value;
  }

  /** Returns the positions of the groups at fault, in the order they were added. */
  public List<Integer> groups() {
    return groups;
  }
}
