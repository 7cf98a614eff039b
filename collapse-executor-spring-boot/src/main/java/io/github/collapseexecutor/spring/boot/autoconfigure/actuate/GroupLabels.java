package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import io.github.collapseexecutor.spring.http.CollapseGroup;

/** How the endpoint names a collapse group in events and switches, and finds it by that name. */
final class GroupLabels {

  private GroupLabels() {}

  /** Returns the group's first pattern: its first URI pattern, or else its first regex. */
  static String of(CollapseGroup group) {
    return group.uris().isEmpty() ? group.uriRegexes().get(0) : group.uris().get(0);
  }

  /** Returns whether {@code label} is one of the group's patterns. */
  static boolean matches(CollapseGroup group, String label) {
    return group.uris().contains(label) || group.uriRegexes().contains(label);
  }
}
