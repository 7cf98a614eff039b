package io.github.collapseexecutor.http;

import io.github.collapseexecutor.core.CollapseListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

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

  /** Default longest wait for an identical request's response before an own call: 30 s. */
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
   * name holds one of them joins the key as the sensitive headers do. They cover credentials
   * ({@code X-Session-Id}, {@code X-Client-Secret}, {@code My-Apikey}, {@code X-Auth-Request-User}),
   * the identity a gateway or a proxy injects ({@code X-Forwarded-User},
   * {@code X-Forwarded-Email}, {@code X-User-Id}, {@code X-Tenant}, {@code X-Ms-Client-Principal},
   * {@code X-Ssl-Client-Cert}), and the forwarded headers and client addresses a server may answer
   * by ({@code Forwarded}, {@code X-Forwarded-Host}, {@code X-Forwarded-For}, {@code X-Real-Ip}).
   */
  public static final Set<String> DEFAULT_SENSITIVE_HEADER_PATTERNS = Set.of(
      "token", "secret", "session", "api-key", "apikey", "auth", "-user", "x-user", "userid",
      "user-id", "username", "email", "principal", "tenant", "identity", "client-cert",
      "ssl-client", "forwarded", "real-ip", "client-ip", "connecting-ip");

  /**
   * Parts of the names of the request headers that carry the client's address: a group whose
   * policy is {@link CollapsePolicy#sharedAcrossAddresses()} leaves them out of the key.
   */
  public static final Set<String> ADDRESS_HEADER_PATTERNS =
      Set.of("x-forwarded-for", "real-ip", "client-ip", "connecting-ip");

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

  /**
   * Request headers that always join the key, whatever the configuration: a {@code Host} other
   * than the URL's picks another site of one address (virtual hosts).
   */
  public static final Set<String> AUTHORITY_HEADERS = Set.of("host");

  private final @Nullable String name;
  private final List<CollapseGroup> groups;
  private final Map<String, CollapsePolicy> policies;
  private final SensitiveHeaders sensitiveHeaderSettings;
  private final int maxBodyBytes;
  private final Duration waitTimeout;
  private final CollapseListener listener;
  private final CallObserver.@Nullable Factory observations;
  private final KeyMemory keyMemory;
  private final CollapseSwitch collapseSwitch = new CollapseSwitch();

  private HttpCollapseOptions(Builder builder) {
    this.name = builder.name;
    this.groups = List.copyOf(builder.groups);
    this.policies = Map.copyOf(builder.policies);
    this.sensitiveHeaderSettings = builder.sensitiveHeaderSettings;
    this.maxBodyBytes = builder.maxBodyBytes;
    this.waitTimeout = builder.waitTimeout;
    this.listener = builder.listener;
    this.observations = builder.observations;
    this.keyMemory = builder.keyMemory;
  }

  /** Returns a builder with no group, no policy and every other setting at its default. */
  public static Builder builder() {
    return new Builder();
  }

  /** Returns the executor's name for reports; null if unset, for the adapter's DEFAULT_NAME. */
  public @Nullable String name() {
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

  /** Returns which request headers carry a credential and so always join the key. */
  public SensitiveHeaders sensitiveHeaderSettings() {
    return sensitiveHeaderSettings;
  }

  /** Returns the lower-case names of the request headers that always join the key. */
  public Set<String> sensitiveHeaders() {
    return sensitiveHeaderSettings.names();
  }

  /** Returns the lower-case parts of a header name that make the header sensitive. */
  public Set<String> sensitiveHeaderPatterns() {
    return sensitiveHeaderSettings.patterns();
  }

  /** Returns the lower-case names of the headers that no pattern makes sensitive. */
  public Set<String> nonSensitiveHeaders() {
    return sensitiveHeaderSettings.nonSensitive();
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

  /** Returns how shared calls and requests are observed, or {@code null} if they are not. */
  public CallObserver.@Nullable Factory observations() {
    return observations;
  }

  /** Returns what is remembered about a key between requests, and for how long. */
  public KeyMemory keyMemory() {
    return keyMemory;
  }

  /** Returns {@link KeyMemory#hitForPassTtl()}; zero when hit-for-pass is off. */
  public Duration hitForPassTtl() {
    return keyMemory.hitForPassTtl();
  }

  /** Returns {@link KeyMemory#hitForPassMaxKeys()}. */
  public int hitForPassMaxKeys() {
    return keyMemory.hitForPassMaxKeys();
  }

  /** Returns {@link KeyMemory#varyTtl()}; zero when {@code Vary} names are not remembered. */
  public Duration varyTtl() {
    return keyMemory.varyTtl();
  }

  /** Returns {@link KeyMemory#varyMaxKeys()}. */
  public int varyMaxKeys() {
    return keyMemory.varyMaxKeys();
  }

  /** Returns the switch that turns each group's collapsing off and on: the one live part. */
  public CollapseSwitch collapseSwitch() {
    return collapseSwitch;
  }

  @Override
  public String toString() {
    return "HttpCollapseOptions{groups=" + groups + ", policies=" + policies
        + ", sensitiveHeaders=" + sensitiveHeaders() + ", sensitiveHeaderPatterns="
        + sensitiveHeaderPatterns() + ", nonSensitiveHeaders=" + nonSensitiveHeaders()
        + ", maxBodyBytes=" + maxBodyBytes
        + ", waitTimeout=" + waitTimeout + ", hitForPassTtl=" + hitForPassTtl()
        + ", hitForPassMaxKeys=" + hitForPassMaxKeys() + ", varyTtl=" + varyTtl()
        + ", varyMaxKeys=" + varyMaxKeys() + "}";
  }

  /** Builds {@link HttpCollapseOptions}; setters validate at once, {@link #build()} checks names. */
  public static final class Builder {

    private @Nullable String name;
    private final List<CollapseGroup> groups = new ArrayList<>();
    private final Map<String, CollapsePolicy> policies = new LinkedHashMap<>();
    private SensitiveHeaders sensitiveHeaderSettings = SensitiveHeaders.defaults();
    private int maxBodyBytes = DEFAULT_MAX_BODY_BYTES;
    private Duration waitTimeout = DEFAULT_WAIT_TIMEOUT;
    private CollapseListener listener = CollapseListener.NONE;
    private CallObserver.@Nullable Factory observations;
    private KeyMemory keyMemory = KeyMemory.defaults();

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
     * Replaces which request headers carry a credential (default
     * {@link SensitiveHeaders#defaults()}): the names, patterns and exemptions all at once.
     */
    public Builder sensitiveHeaderSettings(SensitiveHeaders sensitiveHeaderSettings) {
      this.sensitiveHeaderSettings =
          Objects.requireNonNull(sensitiveHeaderSettings, "sensitiveHeaderSettings");
      return this;
    }

    /**
     * Adds request headers that always join the key, beside the built-in ones and those added
     * before; see {@link SensitiveHeaders#withAdded(Collection)}.
     */
    public Builder sensitiveHeaders(Collection<String> names) {
      return sensitiveHeaderSettings(sensitiveHeaderSettings.withAdded(names));
    }

    /**
     * Makes request headers not sensitive, even built-in ones or those a pattern names; see
     * {@link SensitiveHeaders#withRemoved(Collection)}.
     */
    public Builder removeSensitiveHeaders(Collection<String> names) {
      return sensitiveHeaderSettings(sensitiveHeaderSettings.withRemoved(names));
    }

    /**
     * Adds parts of a header name that make the header sensitive, beside
     * {@link HttpCollapseOptions#DEFAULT_SENSITIVE_HEADER_PATTERNS} and those added before; see
     * {@link SensitiveHeaders#withAddedPatterns(Collection)}.
     */
    public Builder sensitiveHeaderPatterns(Collection<String> patterns) {
      return sensitiveHeaderSettings(sensitiveHeaderSettings.withAddedPatterns(patterns));
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
      this.maxBodyBytes = Checks.intSize("maxBodyBytes", maxBodyBytes);
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
      this.waitTimeout = Checks.positive("waitTimeout", waitTimeout);
      return this;
    }

    /** Sets the listener that receives a report for every shared call (its size is the callers). */
    public Builder listener(CollapseListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /**
     * Sets how shared calls and requests are observed, such as {@code CollapseObservations.of(
     * observationRegistry)} of {@code collapse-executor-micrometer}; none by default.
     */
    public Builder observations(CallObserver.Factory observations) {
      this.observations = Objects.requireNonNull(observations, "observations");
      return this;
    }

    /**
     * Replaces what is remembered about a key between requests (default
     * {@link KeyMemory#defaults()}): the hit-for-pass and {@code Vary} tables at once.
     */
    public Builder keyMemory(KeyMemory keyMemory) {
      this.keyMemory = Objects.requireNonNull(keyMemory, "keyMemory");
      return this;
    }

    /** Sets {@link KeyMemory#hitForPassTtl()}; see {@link KeyMemory#withHitForPassTtl}. */
    public Builder hitForPassTtl(Duration hitForPassTtl) {
      return keyMemory(keyMemory.withHitForPassTtl(hitForPassTtl));
    }

    /** Sets {@link KeyMemory#hitForPassMaxKeys()}; see {@link KeyMemory#withHitForPassMaxKeys}. */
    public Builder hitForPassMaxKeys(int hitForPassMaxKeys) {
      return keyMemory(keyMemory.withHitForPassMaxKeys(hitForPassMaxKeys));
    }

    /** Sets {@link KeyMemory#varyTtl()}; see {@link KeyMemory#withVaryTtl}. */
    public Builder varyTtl(Duration varyTtl) {
      return keyMemory(keyMemory.withVaryTtl(varyTtl));
    }

    /** Sets {@link KeyMemory#varyMaxKeys()}; see {@link KeyMemory#withVaryMaxKeys}. */
    public Builder varyMaxKeys(int varyMaxKeys) {
      return keyMemory(keyMemory.withVaryMaxKeys(varyMaxKeys));
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
