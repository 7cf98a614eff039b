package io.github.collapseexecutor.http;

/**
 * Whether the requests of a {@link CollapsePolicy} share a response that a shared cache could not
 * store or reuse: {@code Cache-Control: no-store}, {@code no-cache}, {@code max-age=0},
 * {@code must-revalidate} or {@code private}. Bound from {@code share-uncacheable} in a policy.
 *
 * <p>Collapse hands one response to requests that asked for the same thing at the same moment;
 * it stores nothing for later, which is what those directives forbid. Requests that share a key
 * already hold equal values of every sensitive header, so sharing among them gives no one a
 * response meant for someone else. {@code Set-Cookie} responses are never shared, whatever this
 * says.
 */
public enum ShareUncacheable {

  /**
   * Share within the same credentials (the default): {@code no-store}, {@code no-cache},
   * {@code max-age=0} and {@code must-revalidate} responses are shared among requests with equal
   * keys, with or without a credential (no one's secret is involved when none is sent);
   * {@code private} responses are shared only when the requests carry at least one sensitive
   * header, so a response meant for a user goes only to requests with that user's credentials.
   */
  WITHIN_CREDENTIALS,

  /**
   * Never share them: a {@code no-store}, {@code no-cache}, {@code max-age=0} or {@code private}
   * response goes only to the request whose call produced it, as a shared cache would treat it.
   * ({@code must-revalidate} alone allows storing, and is shared.)
   */
  NEVER
}
