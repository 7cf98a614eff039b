package io.github.collapseexecutor.http;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Narrows or widens the collapse key of the requests of one {@link CollapseGroup}.
 *
 * <ul>
 *   <li>{@code collapseRequestHeaders}: request headers whose values join the key, so requests that
 *       differ in them never share a response (names compare case-insensitively). The sensitive
 *       headers of {@link HttpCollapseOptions#sensitiveHeaders()} are in the key whatever this
 *       says.</li>
 *   <li>{@code collapseRequestQueries}: when not empty, only these query parameters count in the
 *       key and the others are ignored, except those that carry a credential: a parameter whose
 *       percent-decoded name, in any case, the {@link SensitiveHeaders} rule names
 *       ({@code access_token}, {@code api_key}, {@code X-Amz-Signature}, {@code key},
 *       {@code sig}, ...) counts whatever this says, as sent. When empty (the default), every
 *       query parameter counts, in the order sent.</li>
 *   <li>{@code acceptHeadersInKey}: whether {@code Accept} and {@code Accept-Language}
 *       ({@link HttpCollapseOptions#NEGOTIATION_HEADERS}) join the key; true by default, because a
 *       server may pick a representation from them without saying so in {@code Vary}. Turn it off
 *       only for paths whose response is the same whatever the caller accepts: callers that
 *       accept different media types or languages then share one response.</li>
 *   <li>{@code shareUncacheable}: whether responses that a shared cache could not store
 *       ({@code no-store}, {@code no-cache}, {@code private}, ...) are shared among requests with
 *       the same credentials ({@link ShareUncacheable#WITHIN_CREDENTIALS}, the default) or never;
 *       see {@link ShareUncacheable}.</li>
 *   <li>{@code sharedAcrossAddresses}: whether requests from different client addresses may
 *       share a response on a server (the servlet filter). False by default: the client's
 *       address, as the container reports it after its forwarded-header handling, joins the key,
 *       because an application may answer by address (an allow-list, a region). Turn it on only
 *       for paths whose response is the same whoever asks from wherever. Client adapters send
 *       every request from one address and ignore it.</li>
 * </ul>
 *
 * <p>Shaped for binding from configuration:
 *
 * <pre>{@code
 * collapse-policies:
 *   p1:
 *     collapse-request-headers: [accept-language]
 *     collapse-request-queries: [sample]
 *     share-uncacheable: within-credentials
 *     accept-headers-in-key: false
 *     shared-across-addresses: true
 * }</pre>
 *
 * <p>Built with {@link #builder()}, {@link #of} or from {@link #DEFAULT}; equal when every setting
 * is.
 */
public final class CollapsePolicy {

  /**
   * The policy of a group that names none: every query parameter counts, no extra header,
   * uncacheable responses shared within the same credentials, and {@code Accept} and
   * {@code Accept-Language} in the key.
   */
  public static final CollapsePolicy DEFAULT =
      new CollapsePolicy(
          List.of(),
          List.of(),
          null,
          /* acceptHeadersInKey= */ true,
          /* sharedAcrossAddresses= */ false);

  private final List<String> collapseRequestHeaders;
  private final List<String> collapseRequestQueries;
  private final ShareUncacheable shareUncacheable;
  private final boolean acceptHeadersInKey;
  private final boolean sharedAcrossAddresses;

  /**
   * Validates and copies the lists; header names are kept in lower case.
   *
   * @throws IllegalArgumentException if a name is null or blank
   */
  private CollapsePolicy(
      @Nullable List<String> collapseRequestHeaders,
      @Nullable List<String> collapseRequestQueries,
      @Nullable ShareUncacheable shareUncacheable,
      boolean acceptHeadersInKey,
      boolean sharedAcrossAddresses) {
    this.collapseRequestHeaders = names("collapseRequestHeaders", collapseRequestHeaders, true);
    this.collapseRequestQueries = names("collapseRequestQueries", collapseRequestQueries, false);
    this.shareUncacheable =
        shareUncacheable == null ? ShareUncacheable.WITHIN_CREDENTIALS : shareUncacheable;
    this.acceptHeadersInKey = acceptHeadersInKey;
    this.sharedAcrossAddresses = sharedAcrossAddresses;
  }

  /**
   * Returns a policy with the given headers and queries, uncacheable responses shared within the
   * same credentials, and {@code Accept} and {@code Accept-Language} in the key.
   *
   * @throws IllegalArgumentException if a name is null or blank
   */
  public static CollapsePolicy of(
      List<String> collapseRequestHeaders, List<String> collapseRequestQueries) {
    return new CollapsePolicy(
        collapseRequestHeaders,
        collapseRequestQueries,
        null,
        /* acceptHeadersInKey= */ true,
        /* sharedAcrossAddresses= */ false);
  }

  /** Returns the header names that join the key, in lower case. */
  public List<String> collapseRequestHeaders() {
    return collapseRequestHeaders;
  }

  /** Returns the query parameter names that alone count; empty means all. */
  public List<String> collapseRequestQueries() {
    return collapseRequestQueries;
  }

  /** Returns whether uncacheable responses are shared. */
  public ShareUncacheable shareUncacheable() {
    return shareUncacheable;
  }

  /** Returns whether {@code Accept} and {@code Accept-Language} join the key. */
  public boolean acceptHeadersInKey() {
    return acceptHeadersInKey;
  }

  /** Returns whether a server shares responses across client addresses. */
  public boolean sharedAcrossAddresses() {
    return sharedAcrossAddresses;
  }

  /** Returns a copy of this policy with {@code acceptHeadersInKey} set as given. */
  public CollapsePolicy withAcceptHeadersInKey(boolean acceptHeadersInKey) {
    return withFlags(shareUncacheable, acceptHeadersInKey, sharedAcrossAddresses);
  }

  /** Returns this policy with {@code shareUncacheable} instead of its own. */
  public CollapsePolicy withShareUncacheable(ShareUncacheable shareUncacheable) {
    return withFlags(shareUncacheable, acceptHeadersInKey, sharedAcrossAddresses);
  }

  /** Returns a copy of this policy with {@code sharedAcrossAddresses} set as given. */
  public CollapsePolicy withSharedAcrossAddresses(boolean sharedAcrossAddresses) {
    return withFlags(shareUncacheable, acceptHeadersInKey, sharedAcrossAddresses);
  }

  /** What each {@code with} method returns: this policy's names, with the settings given. */
  private CollapsePolicy withFlags(
      ShareUncacheable shareUncacheable,
      boolean acceptHeadersInKey,
      boolean sharedAcrossAddresses) {
    return new CollapsePolicy(
        collapseRequestHeaders,
        collapseRequestQueries,
        shareUncacheable,
        acceptHeadersInKey,
        sharedAcrossAddresses);
  }

  /** Returns whether every query parameter counts in the key. */
  public boolean allQueriesCount() {
    return collapseRequestQueries.isEmpty();
  }

  /** Returns a builder that starts from {@link #DEFAULT}. */
  public static Builder builder() {
    return new Builder();
  }

  private static List<String> names(
      String setting, @Nullable List<String> names, boolean lowerCase) {
    return names == null ? List.of() : List.copyOf(NameChecks.checked(setting, names, lowerCase));
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof CollapsePolicy that
        && collapseRequestHeaders.equals(that.collapseRequestHeaders)
        && collapseRequestQueries.equals(that.collapseRequestQueries)
        && shareUncacheable == that.shareUncacheable
        && acceptHeadersInKey == that.acceptHeadersInKey
        && sharedAcrossAddresses == that.sharedAcrossAddresses;
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        collapseRequestHeaders,
        collapseRequestQueries,
        shareUncacheable,
        acceptHeadersInKey,
        sharedAcrossAddresses);
  }

  @Override
  public String toString() {
    return "CollapsePolicy[collapseRequestHeaders="
        + collapseRequestHeaders
        + ", collapseRequestQueries="
        + collapseRequestQueries
        + ", shareUncacheable="
        + shareUncacheable
        + ", acceptHeadersInKey="
        + acceptHeadersInKey
        + ", sharedAcrossAddresses="
        + sharedAcrossAddresses
        + "]";
  }

  /**
   * Builds a {@link CollapsePolicy} one setting at a time; each setter checks its value at once,
   * so that a rejection is known to be about that setting.
   */
  public static final class Builder {

    private CollapsePolicy policy = DEFAULT;

    private Builder() {}

    /**
     * Sets the request headers whose values join the key.
     *
     * @throws IllegalArgumentException if a name is null or blank
     */
    public Builder collapseRequestHeaders(List<String> names) {
      policy =
          new CollapsePolicy(
              Objects.requireNonNull(names, "collapseRequestHeaders"),
              policy.collapseRequestQueries,
              policy.shareUncacheable,
              policy.acceptHeadersInKey,
              policy.sharedAcrossAddresses);
      return this;
    }

    /**
     * Sets the query parameters that alone count in the key, beside those that carry a
     * credential; empty means all.
     *
     * @throws IllegalArgumentException if a name is null or blank
     */
    public Builder collapseRequestQueries(List<String> names) {
      policy =
          new CollapsePolicy(
              policy.collapseRequestHeaders,
              Objects.requireNonNull(names, "collapseRequestQueries"),
              policy.shareUncacheable,
              policy.acceptHeadersInKey,
              policy.sharedAcrossAddresses);
      return this;
    }

    /** Sets whether uncacheable responses are shared; see {@link ShareUncacheable}. */
    public Builder shareUncacheable(ShareUncacheable shareUncacheable) {
      policy =
          policy.withShareUncacheable(Objects.requireNonNull(shareUncacheable, "shareUncacheable"));
      return this;
    }

    /** Sets whether {@code Accept} and {@code Accept-Language} join the key. */
    public Builder acceptHeadersInKey(boolean acceptHeadersInKey) {
      policy = policy.withAcceptHeadersInKey(acceptHeadersInKey);
      return this;
    }

    /** Sets whether a server shares responses across client addresses. */
    public Builder sharedAcrossAddresses(boolean sharedAcrossAddresses) {
      policy = policy.withSharedAcrossAddresses(sharedAcrossAddresses);
      return this;
    }

    /** Returns the policy. */
    public CollapsePolicy build() {
      return policy;
    }
  }

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
}
