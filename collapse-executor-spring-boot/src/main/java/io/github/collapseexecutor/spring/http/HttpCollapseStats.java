package io.github.collapseexecutor.spring.http;

import java.util.List;

/**
 * Counters of one adapter, for load benchmarks and dashboards; every adapter has them as
 * {@code stats()}. Each request is counted once, in exactly one of: {@link #passedThrough()},
 * {@link #led()}, {@link #replayed()}, {@link #fellBack()}. The number of calls the adapter made
 * (or, on a server, chain runs) is {@code passedThrough + led + fellBack}; {@code replayed} is what
 * collapse saved. A client request counts once it has its response: one that ends with an
 * exception instead (its call failed, the call it waited for failed, or its own time limit ended
 * its wait) is not counted.
 *
 * <p>{@link #unshared(UnsharedReason)} says why requests did not get a shared response: each
 * request that made a call whose response it could not share, each that fell back, and each that
 * went straight to the backend for hit-for-pass counts once under its reason.
 *
 * <p>The adapter's counters also have one child per collapse group, {@link #groups()}, that counts
 * the requests whose path matched that group. The children add up to the adapter's counts less the
 * requests no group took (a path that matches no group, a method other than GET and HEAD, a request
 * with a body), which are {@code passedThrough} of the adapter only.
 */
public interface HttpCollapseStats {

  /**
   * Requests that went through untouched: they could not collapse (method, no matching group),
   * the adapter was closed, or their key was marked for hit-for-pass.
   */
  long passedThrough();

  /** Requests that made the call other identical requests waited for. */
  long led();

  /** Requests served a copy of a response another request produced. */
  long replayed();

  /**
   * Requests that waited for another's call but made their own, because that response could not
   * be shared with them or did not arrive within the wait timeout; {@link #unshared} says why.
   */
  long fellBack();

  /** Requests that did not get or give a shared response for {@code reason}. */
  long unshared(UnsharedReason reason);

  /**
   * Returns the counters of each collapse group, in the order of
   * {@link HttpCollapseOptions#groups()}; empty for the counters of a group.
   */
  List<HttpCollapseStats> groups();
}
