package io.github.collapseexecutor.core;

/**
 * What every collapse executor offers besides its calls: its name, closing, and a switch that turns
 * collapsing off and on at run time, for an incident or to compare a backend's load with and
 * without it.
 *
 * <pre>{@code
 * userLoader.setCollapsing(false); // each call is now a batch of one
 * userLoader.setCollapsing(true);
 * }</pre>
 *
 * <p>While collapsing is off, a batch executor runs each input as a batch of its own (no collecting
 * wait, batch size one), and a same-key executor lets every caller run its own work; everything
 * else stays as it is: the slots and their limit, the pending limit, timeouts, reports and
 * listeners. Calls that already share a batch or a run finish with it. Every executor starts
 * with collapsing on. Thread-safe; reading the switch costs a call one volatile read.
 */
public interface CollapseExecutor extends AutoCloseable {

  /** Returns this executor's name, as used in error messages and reports. */
  String name();

  /** Turns collapsing on or off for the calls that come from now on. */
  void setCollapsing(boolean collapsing);

  /** Returns whether calls collapse: {@code true} unless {@link #setCollapsing} turned it off. */
  boolean isCollapsing();

  /** Refuses new calls; work in progress completes for its callers. Idempotent. */
  @Override
  void close();
}
