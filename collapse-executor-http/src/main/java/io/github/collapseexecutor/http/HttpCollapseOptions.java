package io.github.collapseexecutor.http;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.fleet.Fleet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
  public static final Duration DEFAULT_HIT_FOR_PASS_TTL = Duration.ofMinutes(2);

  /** Default largest number of keys marked for hit-for-pass at once: 10,000. */
  public static final int DEFAULT_HIT_FOR_PASS_MAX_KEYS = 10_000;

  /**
   * Default time the request headers named in a response's {@code Vary} are remembered for its
   * key: 120 s, as long as a key stays marked for hit-for-pass.
   */
  public static final Duration DEFAULT_VARY_TTL = Duration.ofMinutes(2);

  /** Default largest number of keys whose {@code Vary} names are remembered at once: 10,000. */
  public static final int DEFAULT_VARY_MAX_KEYS = 10_000;

  /**
   * Request headers that always join the key, so that different credentials never share: the
   * standard credentials and the usual names of API keys and tokens.
   */
  public static final Set<String> DEFAULT_SENSITIVE_HEADERS = KeyHeaderDefaults.SENSITIVE_NAMES;

  /**
   * Parts of a header name that make the header sensitive, compared in lower case and with
   * underscores read as hyphens: a header whose name holds one of them joins the key as the
   * sensitive headers do. They cover credentials ({@code X-Session-Id}, {@code X-Client-Secret},
   * {@code My-Apikey}, {@code X_API_KEY}, {@code Ocp-Apim-Subscription-Key}, {@code X-Signature},
   * {@code X-Auth-Request-User}), the identity a gateway or a proxy injects
   * ({@code X-Forwarded-User}, {@code X-Forwarded-Email}, {@code X-User-Id}, {@code X-Tenant},
   * {@code X-Ms-Client-Principal}, {@code X-Ssl-Client-Cert}), and the forwarded headers and client
   * addresses a server may answer by ({@code Forwarded}, {@code X-Forwarded-Host},
   * {@code X-Forwarded-For}, {@code X-Real-Ip}).
   */
  public static final Set<String> DEFAULT_SENSITIVE_HEADER_PATTERNS =
      KeyHeaderDefaults.SENSITIVE_NAME_PARTS;

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
   * that carried them), the encodings a client accepts (a gzip body must not reach a caller
   * that cannot decode it), and the names API versions travel in by convention
   * ({@code API-Version}, {@code X-API-Version}, {@code Accept-Version}: what Spring Framework 7's
   * {@code ApiVersionInserter.useHeader} is given most often, on a client built by hand).
   */
  public static final Set<String> REPRESENTATION_HEADERS = KeyHeaderDefaults.REPRESENTATION_NAMES;

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
  private final @Nullable Fleet fleet;
  private final WriteScope writeScope;
  private final boolean observeOnly;
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
    this.fleet = builder.fleet;
    this.writeScope = builder.writeScope;
    this.observeOnly = builder.observeOnly;
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

  /** Returns the tier that makes one call per key across the instances, or {@code null}. */
  public @Nullable Fleet fleet() {
    return fleet;
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

  /** Returns which reads a completed write ends joining for. */
  public WriteScope writeScope() {
    return writeScope;
  }

  /**
   * Returns whether the adapter only observes what collapse would do; see
   * {@link Builder#observeOnly(boolean)}.
   */
  public boolean observeOnly() {
    return observeOnly;
  }

  /** Returns the switch that turns each group's collapsing off and on: the one live part. */
  public CollapseSwitch collapseSwitch() {
    return collapseSwitch;
  }

  @Override
  public String toString() {
    return "HttpCollapseOptions{groups="
        + groups
        + ", policies="
        + policies
        + ", sensitiveHeaders="
        + sensitiveHeaders()
        + ", sensitiveHeaderPatterns="
        + sensitiveHeaderPatterns()
        + ", nonSensitiveHeaders="
        + nonSensitiveHeaders()
        + ", maxBodyBytes="
        + maxBodyBytes
        + ", waitTimeout="
        + waitTimeout
        + ", hitForPassTtl="
        + hitForPassTtl()
        + ", hitForPassMaxKeys="
        + hitForPassMaxKeys()
        + ", varyTtl="
        + varyTtl()
        + ", varyMaxKeys="
        + varyMaxKeys()
        + ", writeScope="
        + writeScope
        + (observeOnly ? ", observeOnly" : "")
        + "}";
  }

  /**
   * Builds {@link HttpCollapseOptions}: its setters validate at once, and {@link #build()} checks
   * that the groups and policies fit together.
   */
  public static final class Builder extends OptionsBuilder {

    private Builder() {}

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
