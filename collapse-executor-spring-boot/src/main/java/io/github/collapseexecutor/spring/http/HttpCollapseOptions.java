package io.github.collapseexecutor.spring.http;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.spring.observation.CollapseObservationConvention;
import io.micrometer.observation.ObservationRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Settings shared by every HTTP adapter: which requests may collapse and how much of a response may
 * be buffered to share it. Immutable; build with {@link #builder()}.
 *
 * <pre>{@code
 * HttpCollapseOptions options = HttpCollapseOptions.builder()
 *     .group(CollapseGroup.ofUris("/user/*", "/test/noop*"))
 *     .group(CollapseGroup.ofUris("p1", List.of("/samples/*")))
 *     .policy("p1", CollapsePolicy.of(List.of("authorization"), List.of("sample")))
 *     .build();
 * }</pre>
 *
 * <p>With no group, nothing collapses: every request passes through untouched.
 */
public final class HttpCollapseOptions {

  /** Default largest body that is buffered to share: 1 MiB. */
  public static final int DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

  /**
   * Default longest time a request waits for an identical request's response before it makes its
   * own call: 30 s.
   */
  public static final Duration DEFAULT_WAIT_TIMEOUT = Duration.ofSeconds(30);

  /**
   * Default time a key stays marked for hit-for-pass after a response that could not be shared:
   * 120 s, as long as Varnish keeps its hit-for-miss objects.
   */
  public static final Duration DEFAULT_HIT_FOR_PASS_TTL = Duration.ofSeconds(120);

  /** Default largest number of keys marked for hit-for-pass at once: 10,000. */
  public static final int DEFAULT_HIT_FOR_PASS_MAX_KEYS = 10_000;

  /**
   * Default time the request headers named in a response's {@code Vary} are remembered for its
   * key: 120 s, as long as a key stays marked for hit-for-pass.
   */
  public static final Duration DEFAULT_VARY_TTL = Duration.ofSeconds(120);

  /** Default largest number of keys whose {@code Vary} names are remembered at once: 10,000. */
  public static final int DEFAULT_VARY_MAX_KEYS = 10_000;

  /**
   * Request headers that always join the key, so that different credentials never share: the
   * standard credentials and the usual names of API keys and tokens.
   */
  public static final Set<String> DEFAULT_SENSITIVE_HEADERS = Set.of(
      "authorization", "cookie", "proxy-authorization", "x-api-key", "api-key", "x-auth-token",
      "x-access-token");

  /**
   * Parts of a header name that make the header sensitive, compared in lower case: a header whose
   * name holds one of them ({@code X-Session-Id}, {@code X-Client-Secret}, {@code My-Apikey})
   * joins the key as the sensitive headers do.
   */
  public static final Set<String> DEFAULT_SENSITIVE_HEADER_PATTERNS =
      Set.of("token", "secret", "session", "api-key", "apikey");

  /**
   * Request headers that join the key unless a policy says otherwise
   * ({@link CollapsePolicy#acceptHeadersInKey()}): a server picks a representation from them
   * (a media type, a language) and often says so with no {@code Vary}.
   */
  public static final Set<String> NEGOTIATION_HEADERS = Set.of("accept", "accept-language");

  /**
   * Request headers that always join the key, whatever the configuration, because they change
   * which response a server sends: validators and ranges (a 304 or a 206 answers only the request
   * that carried them) and the encodings a client accepts (a gzip body must not reach a caller
   * that cannot decode it).
   */
  public static final Set<String> REPRESENTATION_HEADERS = Set.of(
      "if-none-match", "if-modified-since", "if-match", "if-unmodified-since", "if-range",
      "range", "accept-encoding");

  private final String name;
  private final List<CollapseGroup> groups;
  private final Map<String, CollapsePolicy> policies;
  private final Set<String> sensitiveHeaders;
  private final Set<String> sensitiveHeaderPatterns;
  private final Set<String> nonSensitiveHeaders;
  private final int maxBodyBytes;
  private final Duration waitTimeout;
  private final CollapseListener listener;
  private final ObservationRegistry observationRegistry;
  private final CollapseObservationConvention observationConvention;
  private final Duration hitForPassTtl;
  private final int hitForPassMaxKeys;
  private final Duration varyTtl;
  private final int varyMaxKeys;
  private final CollapseSwitch collapseSwitch = new CollapseSwitch();

  private HttpCollapseOptions(Builder builder) {
    this.name = builder.name;
    this.groups = List.copyOf(builder.groups);
    this.policies = Map.copyOf(builder.policies);
    this.sensitiveHeaders = Set.copyOf(builder.sensitiveHeaders);
    this.sensitiveHeaderPatterns = Set.copyOf(builder.sensitiveHeaderPatterns);
    this.nonSensitiveHeaders = Set.copyOf(builder.nonSensitiveHeaders);
    this.maxBodyBytes = builder.maxBodyBytes;
    this.waitTimeout = builder.waitTimeout;
    this.listener = builder.listener;
    this.observationRegistry = builder.observationRegistry;
    this.observationConvention = builder.observationConvention;
    this.hitForPassTtl = builder.hitForPassTtl;
    this.hitForPassMaxKeys = builder.hitForPassMaxKeys;
    this.varyTtl = builder.varyTtl;
    this.varyMaxKeys = builder.varyMaxKeys;
  }

  /** Returns a builder with no group, no policy and every other setting at its default. */
  public static Builder builder() {
    return new Builder();
  }

  /** Returns the name of the collapse executor, used in messages and reports; may be null. */
  public String name() {
    return name;
  }

  /** Returns the collapse groups, in the order they are tried; the first that matches wins. */
  public List<CollapseGroup> groups() {
    return groups;
  }

  /** Returns the named policies the groups refer to. */
  public Map<String, CollapsePolicy> policies() {
    return policies;
  }

  /** Returns the lower-case names of the request headers that always join the key. */
  public Set<String> sensitiveHeaders() {
    return sensitiveHeaders;
  }

  /** Returns the lower-case parts of a header name that make the header sensitive. */
  public Set<String> sensitiveHeaderPatterns() {
    return sensitiveHeaderPatterns;
  }

  /** Returns the lower-case names of the headers that no pattern makes sensitive. */
  public Set<String> nonSensitiveHeaders() {
    return nonSensitiveHeaders;
  }

  /** Returns the largest response body that is buffered and shared. */
  public int maxBodyBytes() {
    return maxBodyBytes;
  }

  /**
   * Returns how long a request waits for an identical request's response before it stops waiting
   * and makes its own call, as if collapse were off; see {@link Builder#waitTimeout(Duration)}.
   */
  public Duration waitTimeout() {
    return waitTimeout;
  }

  /** Returns the listener that receives a report for every shared call. */
  public CollapseListener listener() {
    return listener;
  }

  /** Returns the registry that observes shared calls and requests, or {@code null} for none. */
  public ObservationRegistry observationRegistry() {
    return observationRegistry;
  }

  /** Returns the convention of the shared calls' observations, or {@code null} for the default. */
  public CollapseObservationConvention observationConvention() {
    return observationConvention;
  }

  /**
   * Returns how long requests with a key go straight to the backend after a response for that key
   * could not be shared; zero when hit-for-pass is off. See {@link Builder#hitForPassTtl}.
   */
  public Duration hitForPassTtl() {
    return hitForPassTtl;
  }

  /** Returns the largest number of keys marked for hit-for-pass at once. */
  public int hitForPassMaxKeys() {
    return hitForPassMaxKeys;
  }

  /**
   * Returns how long the request headers a response names in {@code Vary} are remembered for its
   * key; zero when they are not. See {@link Builder#varyTtl}.
   */
  public Duration varyTtl() {
    return varyTtl;
  }

  /** Returns the largest number of keys whose {@code Vary} names are remembered at once. */
  public int varyMaxKeys() {
    return varyMaxKeys;
  }

  /** Returns the switch that turns each group's collapsing off and on: the one live part. */
  public CollapseSwitch collapseSwitch() {
    return collapseSwitch;
  }

  @Override
  public String toString() {
    return "HttpCollapseOptions{groups=" + groups + ", policies=" + policies
        + ", sensitiveHeaders=" + sensitiveHeaders + ", sensitiveHeaderPatterns="
        + sensitiveHeaderPatterns + ", nonSensitiveHeaders=" + nonSensitiveHeaders
        + ", maxBodyBytes=" + maxBodyBytes
        + ", waitTimeout=" + waitTimeout + ", hitForPassTtl=" + hitForPassTtl
        + ", hitForPassMaxKeys=" + hitForPassMaxKeys + ", varyTtl=" + varyTtl
        + ", varyMaxKeys=" + varyMaxKeys + "}";
  }

  /** Builds {@link HttpCollapseOptions}; setters validate at once, {@link #build()} checks names. */
  public static final class Builder {

    private String name;
    private final List<CollapseGroup> groups = new ArrayList<>();
    private final Map<String, CollapsePolicy> policies = new LinkedHashMap<>();
    private Set<String> sensitiveHeaders = new LinkedHashSet<>(DEFAULT_SENSITIVE_HEADERS);
    private Set<String> sensitiveHeaderPatterns = DEFAULT_SENSITIVE_HEADER_PATTERNS;
    private final Set<String> nonSensitiveHeaders = new LinkedHashSet<>();
    private int maxBodyBytes = DEFAULT_MAX_BODY_BYTES;
    private Duration waitTimeout = DEFAULT_WAIT_TIMEOUT;
    private CollapseListener listener = CollapseListener.NONE;
    private ObservationRegistry observationRegistry;
    private CollapseObservationConvention observationConvention;
    private Duration hitForPassTtl = DEFAULT_HIT_FOR_PASS_TTL;
    private int hitForPassMaxKeys = DEFAULT_HIT_FOR_PASS_MAX_KEYS;
    private Duration varyTtl = DEFAULT_VARY_TTL;
    private int varyMaxKeys = DEFAULT_VARY_MAX_KEYS;

    private Builder() {}

    /** Sets the name used in messages and reports. */
    public Builder name(String name) {
      this.name = Names.nonBlank("name", name);
      return this;
    }

    /** Adds a collapse group; groups are tried in the order added. */
    public Builder group(CollapseGroup group) {
      groups.add(Objects.requireNonNull(group, "group"));
      return this;
    }

    /** Adds collapse groups, as bound from a {@code collapse-groups} list. */
    public Builder groups(List<CollapseGroup> groups) {
      Objects.requireNonNull(groups, "groups").forEach(this::group);
      return this;
    }

    /**
     * Adds a named policy for groups to refer to.
     *
     * @throws IllegalArgumentException if {@code name} is blank
     */
    public Builder policy(String name, CollapsePolicy policy) {
      policies.put(Names.nonBlank("policy name", name), Objects.requireNonNull(policy, "policy"));
      return this;
    }

    /** Adds named policies, as bound from a {@code collapse-policies} map. */
    public Builder policies(Map<String, CollapsePolicy> policies) {
      Objects.requireNonNull(policies, "policies").forEach(this::policy);
      return this;
    }

    /**
     * Replaces the request headers that always join the key (default
     * {@link HttpCollapseOptions#DEFAULT_SENSITIVE_HEADERS}). Leaving one out lets callers that
     * send different values of it share a response; do so only for a header that cannot change
     * what the server answers. Headers that a pattern names stay sensitive; see
     * {@link #removeSensitiveHeaders(Collection)}.
     *
     * @throws IllegalArgumentException if a name is null or blank
     */
    public Builder sensitiveHeaders(Set<String> sensitiveHeaders) {
      this.sensitiveHeaders = lowerCase("sensitiveHeaders", sensitiveHeaders);
      nonSensitiveHeaders.removeAll(this.sensitiveHeaders);
      return this;
    }

    /**
     * Adds request headers that always join the key, beside the ones already set.
     *
     * @throws IllegalArgumentException if a name is null or blank
     */
    public Builder addSensitiveHeaders(Collection<String> names) {
      Set<String> added = lowerCase("addSensitiveHeaders", names);
      sensitiveHeaders.addAll(added);
      nonSensitiveHeaders.removeAll(added);
      return this;
    }

    /**
     * Makes request headers not sensitive: they leave the sensitive headers, and a pattern no
     * longer names them (a {@code X-Trace-Token} that only traces, for instance). Callers that send
     * different values of such a header then share a response, unless a policy names it.
     *
     * @throws IllegalArgumentException if a name is null or blank
     */
    public Builder removeSensitiveHeaders(Collection<String> names) {
      Set<String> removed = lowerCase("removeSensitiveHeaders", names);
      sensitiveHeaders.removeAll(removed);
      nonSensitiveHeaders.addAll(removed);
      return this;
    }

    /**
     * Replaces the parts of a header name that make the header sensitive (default
     * {@link HttpCollapseOptions#DEFAULT_SENSITIVE_HEADER_PATTERNS}): a header whose lower-case
     * name contains one of them joins the key as a sensitive header does. An empty set turns
     * patterns off, leaving only the sensitive headers listed by name.
     *
     * @throws IllegalArgumentException if a pattern is null or blank
     */
    public Builder sensitiveHeaderPatterns(Set<String> patterns) {
      this.sensitiveHeaderPatterns = lowerCase("sensitiveHeaderPatterns", patterns);
      return this;
    }

    private static Set<String> lowerCase(String setting, Collection<String> names) {
      return new LinkedHashSet<>(Names.checked(setting, names, /* lowerCase= */ true));
    }

    /**
     * Sets the largest response body, in bytes, that is buffered to share. A response with a
     * larger body is not shared: its caller reads it as it streams in and the callers that waited
     * for it make their own calls. Each shared response holds its body in memory once while
     * callers read it. Default {@value HttpCollapseOptions#DEFAULT_MAX_BODY_BYTES}.
     *
     * @throws IllegalArgumentException if {@code maxBodyBytes} is negative
     */
    public Builder maxBodyBytes(int maxBodyBytes) {
      return maxBodyBytes((long) maxBodyBytes);
    }

    /**
     * As {@link #maxBodyBytes(int)}, for a size counted in a {@code long}.
     *
     * @throws IllegalArgumentException if {@code maxBodyBytes} is negative or over 2 GiB - 1
     */
    public Builder maxBodyBytes(long maxBodyBytes) {
      if (maxBodyBytes < 0 || maxBodyBytes > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("maxBodyBytes must be between 0 and "
            + Integer.MAX_VALUE + ": " + maxBodyBytes);
      }
      this.maxBodyBytes = (int) maxBodyBytes;
      return this;
    }

    /**
     * Sets how long a request that joined an identical request's call waits for its response.
     * When the time is up, the waiting request stops waiting and makes its own call, exactly as
     * if collapse were off: the client adapters call the backend (the caller's own client
     * timeouts then apply to that call), the servlet filter runs the filter chain. The call it
     * waited for goes on for the others, and the request is counted as
     * {@link HttpCollapseStats#fellBack()} and reported to the listener as
     * {@link CollapseListener#callTimedOut(String)}. The request that makes a shared call is
     * never cut short by this timeout. Default {@link HttpCollapseOptions#DEFAULT_WAIT_TIMEOUT}.
     *
     * <p>Set it below the time after which your callers would rather pay for a second call than
     * keep waiting, and above the usual latency of the collapsed endpoints: a waiter that gives up
     * adds the very call collapse saved.
     *
     * @throws IllegalArgumentException if {@code waitTimeout} is zero or negative
     */
    public Builder waitTimeout(Duration waitTimeout) {
      Objects.requireNonNull(waitTimeout, "waitTimeout");
      if (waitTimeout.isZero() || waitTimeout.isNegative()) {
        throw new IllegalArgumentException("waitTimeout must be positive: " + waitTimeout);
      }
      this.waitTimeout = waitTimeout;
      return this;
    }

    /** Sets the listener that receives a report for every shared call (its size is the callers). */
    public Builder listener(CollapseListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /**
     * Sets the Micrometer registry that observes every shared call (an observation named
     * {@code collapse.call}, a child of the request that made it) and adds
     * {@code collapse.outcome} to the observation each request is made in; see
     * {@code CollapseObservationDocumentation}. None by default. Needs
     * {@code micrometer-observation}, and {@code micrometer-tracing-bridge-otel} for span links.
     */
    public Builder observationRegistry(ObservationRegistry observationRegistry) {
      this.observationRegistry = Objects.requireNonNull(observationRegistry, "observationRegistry");
      return this;
    }

    /** Sets the convention that names and tags the shared calls' observations. */
    public Builder observationConvention(CollapseObservationConvention observationConvention) {
      this.observationConvention =
          Objects.requireNonNull(observationConvention, "observationConvention");
      return this;
    }

    /**
     * Sets how long requests with a key go straight to the backend, without waiting for an
     * identical request, after a response for that key could not be shared ({@code Set-Cookie},
     * {@code private} without a credential, {@code Vary: *}, a body over
     * {@link #maxBodyBytes(int)}, ...): they would wait for a response they cannot get and then
     * make their own call anyway. Counted as {@link HttpCollapseStats#passedThrough()} and
     * {@link UnsharedReason#HIT_FOR_PASS}. Zero turns hit-for-pass off. Default
     * {@link HttpCollapseOptions#DEFAULT_HIT_FOR_PASS_TTL}.
     *
     * @throws IllegalArgumentException if {@code hitForPassTtl} is negative
     */
    public Builder hitForPassTtl(Duration hitForPassTtl) {
      Objects.requireNonNull(hitForPassTtl, "hitForPassTtl");
      if (hitForPassTtl.isNegative()) {
        throw new IllegalArgumentException("hitForPassTtl must not be negative: " + hitForPassTtl);
      }
      this.hitForPassTtl = hitForPassTtl;
      return this;
    }

    /**
     * Sets the largest number of keys marked for hit-for-pass at once; when full, expired keys are
     * dropped first, then any one. Default {@value HttpCollapseOptions#DEFAULT_HIT_FOR_PASS_MAX_KEYS}.
     *
     * @throws IllegalArgumentException if {@code hitForPassMaxKeys} is negative
     */
    public Builder hitForPassMaxKeys(int hitForPassMaxKeys) {
      if (hitForPassMaxKeys < 0) {
        throw new IllegalArgumentException(
            "hitForPassMaxKeys must not be negative: " + hitForPassMaxKeys);
      }
      this.hitForPassMaxKeys = hitForPassMaxKeys;
      return this;
    }

    /**
     * Sets how long the request headers a response names in {@code Vary} are remembered for its
     * key, when the key does not hold them already: requests with that key then collapse only
     * with requests that sent the same values of those headers, from the start, instead of
     * waiting for a response made for other values (RFC 9111 section 4.1). Counted as
     * {@link HttpCollapseStats#varyKeyed()}. Zero turns the memory off: requests then still
     * get only a representation made for their own values, and waiters whose values differ
     * from the first request's still make one call per set of values. Default
     * {@link HttpCollapseOptions#DEFAULT_VARY_TTL}.
     *
     * @throws IllegalArgumentException if {@code varyTtl} is negative
     */
    public Builder varyTtl(Duration varyTtl) {
      Objects.requireNonNull(varyTtl, "varyTtl");
      if (varyTtl.isNegative()) {
        throw new IllegalArgumentException("varyTtl must not be negative: " + varyTtl);
      }
      this.varyTtl = varyTtl;
      return this;
    }

    /**
     * Sets the largest number of keys whose {@code Vary} names are remembered at once; when full,
     * expired keys are dropped first, then any one. Default
     * {@value HttpCollapseOptions#DEFAULT_VARY_MAX_KEYS}.
     *
     * @throws IllegalArgumentException if {@code varyMaxKeys} is negative
     */
    public Builder varyMaxKeys(int varyMaxKeys) {
      if (varyMaxKeys < 0) {
        throw new IllegalArgumentException("varyMaxKeys must not be negative: " + varyMaxKeys);
      }
      this.varyMaxKeys = varyMaxKeys;
      return this;
    }

    /**
     * Returns the options.
     *
     * @throws CollapseGroupConflictException if two groups have one name, or a group names a
     *     policy that was not added
     */
    public HttpCollapseOptions build() {
      CollapseGroupConflictException.check(groups, policies.keySet());
      return new HttpCollapseOptions(this);
    }
  }
}
