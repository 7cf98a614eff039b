package io.github.collapseexecutor.http;

import io.github.collapseexecutor.http.CollapsePolicy.ShareUncacheable;

/**
 * Why a request did not get a response that another identical request produced: the request that
 * made the call could not share its response, a waiting request could not use it, or the request
 * did not wait at all. Counted per reason in {@link HttpCollapseStats#unshared(UnsharedReason)},
 * published as the {@code reason} tag of the {@code collapse.http.unshared} meter, and logged at
 * WARN the first time it happens in each collapse group.
 *
 * <p>A response that the request which made the call refuses to share, for any reason but
 * {@link #LEADER_FAILED}, marks its key for hit-for-pass: requests with that key go straight to the
 * backend for {@link HttpCollapseOptions#hitForPassTtl()} instead of waiting for a response they
 * would not get.
 */
public enum UnsharedReason {

  /** The response sets a cookie ({@code Set-Cookie}); such a response is never shared. */
  SET_COOKIE("set-cookie", "nothing: a response that sets a cookie is never shared"),

  /**
   * The response is {@code Cache-Control: private} and the request carried no credential, or the
   * policy shares uncacheable responses {@link ShareUncacheable#NEVER never}.
   */
  PRIVATE(
      "private",
      "send a credential (a sensitive header), or set the policy's"
          + " share-uncacheable to within-credentials"),

  /**
   * The response is {@code no-store}, {@code no-cache} or {@code max-age=0} and the policy shares
   * uncacheable responses {@link ShareUncacheable#NEVER never}.
   */
  UNCACHEABLE("uncacheable", "the policy's share-uncacheable: within-credentials"),

  /**
   * The response is {@code Vary: *}, or it varies on a request header whose value differs between
   * the request that produced it and a waiting request that had already gone on once among the
   * requests with its own values (a first difference regroups the request instead).
   */
  VARY(
      "vary",
      "the policy's collapse-request-headers: add the headers the response"
          + " varies on, so that only requests with equal values share"),

  /**
   * A stage of the client below the adapter (a filter or hook that runs after it) changed the
   * request after it was keyed: the response answers a request the waiting callers did not
   * send, so they make their own calls.
   */
  REQUEST_CHANGED(
      "request-changed",
      "add the collapse adapter after the stages that change the"
          + " request, or keep them off the collapsed client"),

  /** The response body is larger than {@link HttpCollapseOptions#maxBodyBytes()}. */
  TOO_LARGE("too-large", "max-body-size"),

  /**
   * The response is a stream ({@code text/event-stream}, {@code application/x-ndjson} and the
   * like): its own caller reads it as it arrives, and the others make their own calls.
   */
  STREAM("stream", "nothing: a stream reaches only the caller that asked for it"),

  /**
   * The servlet chain answered in a way that is not recorded: {@code sendError},
   * {@code sendRedirect}, asynchronous processing or non-blocking writes.
   */
  NOT_RECORDED("not-recorded", "nothing: such responses are written straight through"),

  /**
   * The request that made the call failed in a way that is its own: its servlet chain threw, or
   * its thread was interrupted.
   */
  LEADER_FAILED("leader-failed", "nothing: the waiting requests make their own calls"),

  /**
   * The server's chain changed the session of the request that ran it: it set or removed an
   * attribute (a flash attribute read and so removed, a login), created, invalidated or renamed
   * the session. A replay would not make those changes for the waiting requests, and would show
   * them what the change made for another request (a one-time message), so they run the chain
   * themselves.
   */
  SESSION_CHANGED(
      "session-changed",
      "nothing: a request that changes its session gets the" + " response of its own chain"),

  /** The response did not arrive within {@link HttpCollapseOptions#waitTimeout()}. */
  WAIT_TIMEOUT("wait-timeout", "wait-timeout"),

  /**
   * A recent response for the same key could not be shared, so the request went straight to the
   * backend without waiting (hit-for-pass).
   */
  HIT_FOR_PASS("hit-for-pass", "hit-for-pass-ttl (0 turns hit-for-pass off)");

  private final String tag;
  private final String remedy;

  UnsharedReason(String tag, String remedy) {
    this.tag = tag;
    this.remedy = remedy;
  }

  /** Returns the short lower-case name used in metrics tags and logs, such as {@code set-cookie}. */
  public String tag() {
    return tag;
  }

  /** Returns the setting that would change the outcome, as logged with the first occurrence. */
  public String remedy() {
    return remedy;
  }
}
