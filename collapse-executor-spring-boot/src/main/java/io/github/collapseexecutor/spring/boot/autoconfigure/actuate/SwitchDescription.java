package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import java.util.List;

/**
 * Whether an executor collapses, as the {@code collapse} endpoint's write operation answers and
 * its {@code collapsingOff} list shows.
 *
 * @param executor the named executor's or the HTTP adapter's name
 * @param groups for an HTTP adapter: the names of its collapse groups concerned; empty for a
 *     named executor
 * @param collapsing whether their calls collapse now
 */
public record SwitchDescription(String executor, List<String> groups, boolean collapsing) {}
