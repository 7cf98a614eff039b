package io.github.collapseexecutor.http;

import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Turns collapsing off and on at run time for single collapse groups of one HTTP adapter; the
 * {@code collapse} actuator endpoint's write operation uses it. While a group is off, its
 * requests go through untouched, as if they matched no group, and count as
 * {@link HttpCollapseStats#passedThrough()} of the group; shared calls already in progress end
 * for the requests that joined them. Every group starts on.
 *
 * <pre>{@code
 * CollapseGroup users = options.groups().get(0);
 * options.collapseSwitch().turnOff(users); // every /users/** request now makes its own call
 * options.collapseSwitch().turnOn(users);
 * }</pre>
 *
 * <p>Thread-safe. While every group is on, a request pays one read of an empty set.
 */
public final class CollapseSwitch {

  private final Set<CollapseGroup> off = ConcurrentHashMap.newKeySet();

  /** Creates a switch with every group on; each {@link HttpCollapseOptions} makes its own. */
  public CollapseSwitch() {}

  /** Stops collapsing the requests of {@code group} until {@link #turnOn} is called for it. */
  public void turnOff(CollapseGroup group) {
    off.add(Objects.requireNonNull(group, "group"));
  }

  /** Collapses the requests of {@code group} again. */
  public void turnOn(CollapseGroup group) {
    off.remove(Objects.requireNonNull(group, "group"));
  }

  /** Returns whether the requests of {@code group} collapse. */
  public boolean isOn(CollapseGroup group) {
    return off.isEmpty() || !off.contains(group);
  }
}
