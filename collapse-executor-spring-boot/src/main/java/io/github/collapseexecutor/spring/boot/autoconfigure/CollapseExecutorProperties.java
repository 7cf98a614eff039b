package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.http.CollapsePolicy.ShareUncacheable;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.ServletFilterMapping;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.convert.DurationUnit;
import org.springframework.core.Ordered;

/**
 * The {@code collapse.executor} configuration: the switch and the batch settings. The top-level
 * HTTP keys ({@code max-body-size}, the sensitive headers, the hit-for-pass and Vary tables) bind
 * to {@link HttpAdapterProperties}, each integration's section to its own {@link HttpSection}, the
 * named executors to {@link NamedExecutorProperties}: each a class nested here, bound on its own.
 *
 * <p>These classes only hold what was bound; a key left unset is {@code null} and takes the
 * library's default. The values are checked once, at startup, by the builders of the options they
 * configure; a bad value stops the application with a failure analysis that names the key, the
 * value and the reason.
 */
@ConfigurationProperties("collapse.executor")
public class CollapseExecutorProperties extends BatchSettings {

  /** Whether collapse is enabled at all; false turns every section off. */
  private boolean enabled = true;

  /**
   * What startup does with a collapse.executor key that no property binds, such as a typo: fail,
   * warn (log it and start) or ignore.
   */
  private UnknownKeys unknownKeys = UnknownKeys.FAIL;

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public UnknownKeys getUnknownKeys() {
    return unknownKeys;
  }

  public void setUnknownKeys(UnknownKeys unknownKeys) {
    this.unknownKeys = unknownKeys;
  }

  /**
   * What an adapter does with the requests it takes: the value of {@code collapse.executor.mode},
   * and of each section's {@code mode}, which overrides it.
   */
  public enum Mode {

    /** Collapse identical requests in progress into one call. */
    COLLAPSE,

    /**
     * Collapse nothing: every request makes its own call as with the library off, and the adapter
     * counts what collapse would have saved, and why not more.
     */
    OBSERVE
  }

  /**
   * What startup does with a {@code collapse.executor} key that no property binds, such as a typo
   * ({@code max-batch-sise}): the value of {@code collapse.executor.unknown-keys}.
   */
  public enum UnknownKeys {

    /** Stop the application, naming each unknown key and the nearest known one. */
    FAIL,

    /** Log each unknown key at WARN and start; for configuration shared with other versions. */
    WARN,

    /** Start without looking. */
    IGNORE
  }

  /**
   * The top-level {@code collapse.executor} keys of the HTTP adapters: the {@link HttpSettings}
   * (body limit, sensitive headers, hit-for-pass and Vary tables) every section inherits unless it
   * sets its own, and the header settings every section shares. Unset keys take the library's defaults
   * ({@link io.github.collapseexecutor.http.HttpCollapseOptions}).
   */
  @ConfigurationProperties("collapse.executor")
  public static class HttpAdapterProperties extends HttpSettings {

    /**
     * Request headers that are never sensitive, in every section, even when they are built in
     * (authorization, cookie, ...) or a sensitive-header-patterns entry names them: callers that
     * send different values of them share responses. Removing a built-in one is logged at startup.
     */
    private List<String> nonSensitiveHeaders = new ArrayList<>();

    /**
     * Parts of a request header name that make the header sensitive, compared in lower case:
     * added to the built-in ones (token, secret, session, auth, -user, tenant, forwarded, ...; see
     * HttpCollapseOptions.DEFAULT_SENSITIVE_HEADER_PATTERNS).
     */
    private @Nullable List<String> sensitiveHeaderPatterns;

    public List<String> getNonSensitiveHeaders() {
      return nonSensitiveHeaders;
    }

    public void setNonSensitiveHeaders(List<String> nonSensitiveHeaders) {
      this.nonSensitiveHeaders = nonSensitiveHeaders;
    }

    public @Nullable List<String> getSensitiveHeaderPatterns() {
      return sensitiveHeaderPatterns;
    }

    public void setSensitiveHeaderPatterns(@Nullable List<String> sensitiveHeaderPatterns) {
      this.sensitiveHeaderPatterns = sensitiveHeaderPatterns;
    }
  }

  /**
   * The {@code collapse.executor.executors} configuration: named settings for batch and same-key
   * executors, which {@code @Collapsible} and {@code @CollapseBatch} methods pick by name and code
   * reads from {@link NamedExecutors}. Each key left out is taken from the {@code default} entry,
   * then from the top-level key of the same name, then from the core's default.
   *
   * <p>Bad values stop the application at startup: each entry is checked by building its
   * {@link io.github.collapseexecutor.core.CollapseExecutorOptions}, and the failure analysis names
   * the key.
   */
  @ConfigurationProperties("collapse.executor")
  public static class NamedExecutorProperties {

    /** Named executor settings; the 'default' entry is what the others inherit from. */
    private Map<String, Executor> executors = new LinkedHashMap<>();

    public Map<String, Executor> getExecutors() {
      return executors;
    }

    public void setExecutors(Map<String, Executor> executors) {
      this.executors = executors;
    }

    /** The settings of one named executor: the batch settings and a timeout; unset ones inherit. */
    public static class Executor extends BatchSettings {

      /**
       * How long a caller waits for its result before it fails with a timeout; no limit when not
       * set. The work goes on for the other callers.
       */
      @DurationUnit(ChronoUnit.MILLIS)
      private @Nullable Duration timeout;

      /**
       * Whether the annotated methods that use this executor share runs and batches across callers
       * that the application tells apart (other users, other tenants). Only for methods whose
       * results depend on nothing but their arguments; false when not set.
       */
      private @Nullable Boolean sharedAcrossCallers;

      /**
       * Name of the ResultCopier bean that gives each caller that joined another caller's run of
       * an annotated method a copy of the result, such as 'jacksonResultCopier'; none when not set.
       */
      private @Nullable String resultCopier;

      /**
       * Whether the @Collapsible methods that use this executor (returning a value, a future or a
       * Mono) also collapse across the instances of the application, through the fleet tier
       * (collapse.executor.fleet); false when not set.
       */
      private @Nullable Boolean fleet;

      /**
       * Whether the @Collapsible and @CollapseBatch methods that use this executor collapse
       * (collapse), or each call runs the method and the executor counts what collapse would have
       * saved (observe); collapse.executor.mode when not set.
       */
      private @Nullable Mode mode;

      public @Nullable Mode getMode() {
        return mode;
      }

      public void setMode(@Nullable Mode mode) {
        this.mode = mode;
      }

      public @Nullable Boolean getFleet() {
        return fleet;
      }

      public void setFleet(@Nullable Boolean fleet) {
        this.fleet = fleet;
      }

      public @Nullable String getResultCopier() {
        return resultCopier;
      }

      public void setResultCopier(@Nullable String resultCopier) {
        this.resultCopier = resultCopier;
      }

      public @Nullable Boolean getSharedAcrossCallers() {
        return sharedAcrossCallers;
      }

      public void setSharedAcrossCallers(@Nullable Boolean sharedAcrossCallers) {
        this.sharedAcrossCallers = sharedAcrossCallers;
      }

      public @Nullable Duration getTimeout() {
        return timeout;
      }

      public void setTimeout(@Nullable Duration timeout) {
        this.timeout = timeout;
      }

      /**
       * Sets on {@code executor} what this level sets of how the annotated methods that use it
       * share their runs, and leaves the rest as a more general level set it.
       */
      void applyTo(NamedExecutor.Builder executor) {
        if (sharedAcrossCallers != null) {
          executor.sharedAcrossCallers(sharedAcrossCallers);
        }
        if (resultCopier != null) {
          executor.resultCopier(resultCopier.isBlank() ? null : resultCopier);
        }
        if (fleet != null) {
          executor.fleet(fleet);
        }
        if (mode != null) {
          executor.observeOnly(mode == Mode.OBSERVE);
        }
      }
    }
  }

  /**
   * The {@code collapse.executor.http-service-groups} switch: which of Spring's HTTP service groups
   * ({@code @HttpExchange} interfaces imported with {@code @ImportHttpServices}, configured under
   * {@code spring.http.serviceclient.<group>}) collapse. A group backed by a {@code RestClient} gets
   * the interceptor of the {@code rest-template} section, one backed by a {@code WebClient} the
   * filter function of the {@code web-client} section, each added last.
   */
  @ConfigurationProperties("collapse.executor")
  public static class HttpServiceGroupProperties {

    /**
     * Names of the HTTP service groups whose clients get the collapse adapter, which collapses by
     * the collapse groups of the section of the group's client type.
     */
    private List<String> httpServiceGroups = new ArrayList<>();

    public List<String> getHttpServiceGroups() {
      return httpServiceGroups;
    }

    public void setHttpServiceGroups(List<String> httpServiceGroups) {
      this.httpServiceGroups = httpServiceGroups;
    }
  }

  /**
   * The settings of one HTTP integration, bound under {@code collapse.executor.<key>}: whether it
   * is on, which requests may collapse, and its own {@link HttpSettings} (body limit, sensitive
   * headers, hit-for-pass and Vary tables), which override the top-level ones.
   *
   * <p>An integration registers its section by enabling its subclass as configuration properties
   * in its auto-configuration; {@link CollapseSettings} checks every registered section at startup.
   * The subclass is also listed in {@link UnknownKeyCheck#PROPERTIES}, so that the unknown-key check
   * knows its keys where the integration is absent.
   */
  public abstract static class HttpSection extends HttpSettings {

    /** Whether this integration is enabled. */
    private boolean enabled = true;

    /** Named policies that shape the collapse key of the groups that name them. */
    private Map<String, CollapsePolicyProperties> collapsePolicies = new LinkedHashMap<>();

    /** Groups of request paths that may collapse, tried in order; the first that matches wins. */
    private List<CollapseGroupProperties> collapseGroups = new ArrayList<>();

    /**
     * How long a request that joined an identical request's call waits for its response before
     * it stops waiting and goes on as if collapse were off: a client makes its own call, the
     * servlet filter runs the chain.
     */
    private @Nullable Duration waitTimeout;

    /**
     * Whether a request that leads its key on this instance also collapses with the other
     * instances of the application, through the fleet tier (collapse.executor.fleet). Of the
     * clients, only those of apply-to-beans take part, each under its bean's name.
     */
    private boolean fleet;

    private final String key;

    /** Takes the key of this section under {@code collapse.executor}, such as {@code okhttp}. */
    protected HttpSection(String key) {
      this.key = key;
    }

    /** Returns the key of this section under {@code collapse.executor}, such as {@code okhttp}. */
    public final String key() {
      return key;
    }

    /**
     * Returns whether the adapter of this section also collapses across the instances of the
     * application, through the fleet tier: its {@code fleet} key.
     */
    public boolean isFleet() {
      return fleet;
    }

    public void setFleet(boolean fleet) {
      this.fleet = fleet;
    }

    /** Adds what is wrong with the settings only this section has to {@code errors}. */
    void checkOwnSettings(PropertyErrors errors) {}

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public Map<String, CollapsePolicyProperties> getCollapsePolicies() {
      return collapsePolicies;
    }

    public void setCollapsePolicies(Map<String, CollapsePolicyProperties> collapsePolicies) {
      this.collapsePolicies = collapsePolicies;
    }

    public List<CollapseGroupProperties> getCollapseGroups() {
      return collapseGroups;
    }

    public void setCollapseGroups(List<CollapseGroupProperties> collapseGroups) {
      this.collapseGroups = collapseGroups;
    }

    public @Nullable Duration getWaitTimeout() {
      return waitTimeout;
    }

    public void setWaitTimeout(@Nullable Duration waitTimeout) {
      this.waitTimeout = waitTimeout;
    }
  }

  /**
   * The settings of an outbound client integration: which client beans get the adapter.
   */
  public abstract static class ClientSection extends HttpSection {

    /**
     * Names of client beans to add the adapter to, last, when they are created; every other
     * client is left alone. Each must name a bean of a client type the section serves.
     */
    private List<String> applyToBeans = new ArrayList<>();

    /** Takes the key of this section under {@code collapse.executor}. */
    protected ClientSection(String key) {
      super(key);
    }

    public List<String> getApplyToBeans() {
      return applyToBeans;
    }

    public void setApplyToBeans(List<String> applyToBeans) {
      this.applyToBeans = applyToBeans;
    }
  }

  /**
   * The {@code collapse.executor.rest-template} section: RestTemplate and RestClient, with the
   * opt-in builder customizers.
   */
  @ConfigurationProperties("collapse.executor.rest-template")
  public static class CollapseRestTemplateProperties extends ClientSection {

    /**
     * Whether to add the interceptor to every RestTemplate built by Spring Boot's
     * RestTemplateBuilder.
     */
    private boolean customizeRestTemplateBuilder;

    /**
     * Whether to add the interceptor to every RestClient built from Spring Boot's
     * RestClient.Builder.
     */
    private boolean customizeRestClientBuilder;

    public CollapseRestTemplateProperties() {
      super("rest-template");
    }

    public boolean isCustomizeRestTemplateBuilder() {
      return customizeRestTemplateBuilder;
    }

    public void setCustomizeRestTemplateBuilder(boolean customizeRestTemplateBuilder) {
      this.customizeRestTemplateBuilder = customizeRestTemplateBuilder;
    }

    public boolean isCustomizeRestClientBuilder() {
      return customizeRestClientBuilder;
    }

    public void setCustomizeRestClientBuilder(boolean customizeRestClientBuilder) {
      this.customizeRestClientBuilder = customizeRestClientBuilder;
    }
  }

  /** The {@code collapse.executor.web-client} section, with the opt-in builder customizer. */
  @ConfigurationProperties("collapse.executor.web-client")
  public static class CollapseWebClientProperties extends ClientSection {

    /**
     * Whether to add the filter function to every WebClient built from Spring Boot's
     * WebClient.Builder.
     */
    private boolean customizeWebClientBuilder;

    public CollapseWebClientProperties() {
      super("web-client");
    }

    public boolean isCustomizeWebClientBuilder() {
      return customizeWebClientBuilder;
    }

    public void setCustomizeWebClientBuilder(boolean customizeWebClientBuilder) {
      this.customizeWebClientBuilder = customizeWebClientBuilder;
    }
  }

  /** The {@code collapse.executor.okhttp} section. */
  @ConfigurationProperties("collapse.executor.okhttp")
  public static class CollapseOkHttpProperties extends ClientSection {

    public CollapseOkHttpProperties() {
      super("okhttp");
    }
  }

  /** The {@code collapse.executor.servlet} section, with where and when the filter runs. */
  @ConfigurationProperties("collapse.executor.servlet")
  public static class CollapseServletFilterProperties extends HttpSection {

    /** Order of the filter in the chain; the default runs it after every filter with an order. */
    private int order = Ordered.LOWEST_PRECEDENCE;

    /** URL patterns the filter is mapped to. */
    private List<String> urlPatterns = new ArrayList<>(List.of("/*"));

    public CollapseServletFilterProperties() {
      super("servlet");
    }

    @Override
    void checkOwnSettings(PropertyErrors errors) {
      mapping(errors);
    }

    private @Nullable ServletFilterMapping mapping(PropertyErrors errors) {
      return errors.take(
          "collapse.executor.servlet.url-patterns",
          urlPatterns,
          () -> new ServletFilterMapping(urlPatterns, order));
    }

    public int getOrder() {
      return order;
    }

    public void setOrder(int order) {
      this.order = order;
    }

    public List<String> getUrlPatterns() {
      return urlPatterns;
    }

    public void setUrlPatterns(List<String> urlPatterns) {
      this.urlPatterns = urlPatterns;
    }
  }

  /** The {@code collapse.executor.webflux} section, with where the WebFlux filter runs. */
  @ConfigurationProperties("collapse.executor.webflux")
  public static class CollapseWebFluxProperties extends HttpSection {

    /**
     * Order of the filter among the WebFilter beans; the default runs it after every filter with
     * an order, Spring Security's chain among them.
     */
    private int order = Ordered.LOWEST_PRECEDENCE;

    public CollapseWebFluxProperties() {
      super("webflux");
    }

    public int getOrder() {
      return order;
    }

    public void setOrder(int order) {
      this.order = order;
    }
  }

  /**
   * What the gRPC client and server sections share: whether the interceptor is on, which unary
   * methods collapse, what keeps callers apart, and the mode.
   */
  abstract static class GrpcSection {

    /**
     * Whether the interceptor is enabled: the gRPC client's under collapse.executor.grpc, the gRPC
     * server's under collapse.executor.grpc.server.
     */
    private boolean enabled = true;

    /**
     * Full names of the unary methods that collapse (package.Service/Method), each of which may use
     * an asterisk as a wildcard (catalogue.Catalogue/*); empty for every unary method.
     */
    private List<String> methods = new ArrayList<>();

    /**
     * Metadata keys whose values join the key, so that callers that send different values never
     * share, added to the built-in ones (authorization, cookie and the names the HTTP adapters treat
     * as sensitive) and to the top-level sensitive-headers and sensitive-header-patterns.
     */
    private List<String> sensitiveMetadata = new ArrayList<>();

    /**
     * Whether the interceptor collapses equal calls in progress (collapse) or lets each make its
     * own call and counts what collapse would have saved (observe); collapse.executor.mode when
     * not set.
     */
    private @Nullable Mode mode;

    public @Nullable Mode getMode() {
      return mode;
    }

    public void setMode(@Nullable Mode mode) {
      this.mode = mode;
    }

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public List<String> getSensitiveMetadata() {
      return sensitiveMetadata;
    }

    public void setSensitiveMetadata(List<String> sensitiveMetadata) {
      this.sensitiveMetadata = sensitiveMetadata;
    }

    public List<String> getMethods() {
      return methods;
    }

    public void setMethods(List<String> methods) {
      this.methods = methods;
    }
  }

  /**
   * The {@code collapse.executor.grpc} section: which unary calls of the gRPC client collapse and
   * what keeps callers apart. Not an HTTP section: gRPC has no collapse groups, policies or body
   * limits, and the top-level HTTP settings do not apply to it.
   */
  @ConfigurationProperties("collapse.executor.grpc")
  public static class CollapseGrpcClientProperties extends GrpcSection {

    /**
     * Whether the CallCredentials that calls carry are shared by the application's callers, so
     * that calls with the same credentials object may collapse; otherwise such calls pass through.
     */
    private boolean callCredentialsShared;

    /**
     * Whether a call that leads its key on this instance also collapses with the other instances
     * of the application, through the fleet tier (collapse.executor.fleet). Only the channels of
     * Spring gRPC's channel factory take part, each under its channel name.
     */
    private boolean fleet;

    public boolean isCallCredentialsShared() {
      return callCredentialsShared;
    }

    public void setCallCredentialsShared(boolean callCredentialsShared) {
      this.callCredentialsShared = callCredentialsShared;
    }

    public boolean isFleet() {
      return fleet;
    }

    public void setFleet(boolean fleet) {
      this.fleet = fleet;
    }
  }

  /**
   * A collapse group of a {@link CollapseExecutorProperties} section: request paths whose GET and
   * HEAD requests may collapse.
   */
  public static class CollapseGroupProperties {

    /**
     * Name of the group in stats, metrics, the actuator endpoint and the log; the group's first
     * pattern when not set. The groups of a section have different names.
     */
    private @Nullable String name;

    /**
     * Path patterns in Spring's route syntax, each starting with '/': '/users/*', '/users/{id}',
     * '/api/**' (which also matches '/api').
     */
    private List<String> uris = new ArrayList<>();

    /** Regular expressions that must match the whole request path. */
    private List<String> uriRegexes = new ArrayList<>();

    /** Name of the collapse policy that shapes the key; the default policy when not set. */
    private @Nullable String collapsePolicyName;

    public @Nullable String getName() {
      return name;
    }

    public void setName(@Nullable String name) {
      this.name = name;
    }

    public List<String> getUris() {
      return uris;
    }

    public void setUris(List<String> uris) {
      this.uris = uris;
    }

    public List<String> getUriRegexes() {
      return uriRegexes;
    }

    public void setUriRegexes(List<String> uriRegexes) {
      this.uriRegexes = uriRegexes;
    }

    public @Nullable String getCollapsePolicyName() {
      return collapsePolicyName;
    }

    public void setCollapsePolicyName(@Nullable String collapsePolicyName) {
      this.collapsePolicyName = collapsePolicyName;
    }
  }

  /**
   * A collapse policy of a {@link CollapseExecutorProperties} section: which request headers and
   * query parameters make up the key, and which uncacheable responses are shared.
   */
  public static class CollapsePolicyProperties {

    /** Request headers whose values join the collapse key. */
    private List<String> collapseRequestHeaders = new ArrayList<>();

    /** Query parameters that alone count in the collapse key; every parameter counts when empty. */
    private List<String> collapseRequestQueries = new ArrayList<>();

    /**
     * Whether responses a shared cache could not store (no-store, no-cache, max-age=0, private) are
     * shared among requests with the same credentials (within-credentials, the default), or never.
     */
    private @Nullable ShareUncacheable shareUncacheable;

    /**
     * Whether the Accept and Accept-Language request headers join the collapse key (they do unless
     * set to false); turn it off only for paths whose response does not depend on them.
     */
    private @Nullable Boolean acceptHeadersInKey;

    /**
     * Whether the servlet filter shares responses across client addresses (as the container reports
     * them after its forwarded-header handling). Only for paths that answer the same whatever the
     * caller's address; false when not set.
     */
    private @Nullable Boolean sharedAcrossAddresses;

    public @Nullable Boolean getSharedAcrossAddresses() {
      return sharedAcrossAddresses;
    }

    public void setSharedAcrossAddresses(@Nullable Boolean sharedAcrossAddresses) {
      this.sharedAcrossAddresses = sharedAcrossAddresses;
    }

    public List<String> getCollapseRequestHeaders() {
      return collapseRequestHeaders;
    }

    public void setCollapseRequestHeaders(List<String> collapseRequestHeaders) {
      this.collapseRequestHeaders = collapseRequestHeaders;
    }

    public List<String> getCollapseRequestQueries() {
      return collapseRequestQueries;
    }

    public void setCollapseRequestQueries(List<String> collapseRequestQueries) {
      this.collapseRequestQueries = collapseRequestQueries;
    }

    public @Nullable ShareUncacheable getShareUncacheable() {
      return shareUncacheable;
    }

    public void setShareUncacheable(@Nullable ShareUncacheable shareUncacheable) {
      this.shareUncacheable = shareUncacheable;
    }

    public @Nullable Boolean getAcceptHeadersInKey() {
      return acceptHeadersInKey;
    }

    public void setAcceptHeadersInKey(@Nullable Boolean acceptHeadersInKey) {
      this.acceptHeadersInKey = acceptHeadersInKey;
    }
  }

  /**
   * The {@code collapse.executor.grpc.server} section: which unary methods of the application's gRPC
   * services collapse, what keeps their callers apart, and how long a caller waits for another's
   * run.
   */
  @ConfigurationProperties("collapse.executor.grpc.server")
  public static class CollapseGrpcServerProperties extends GrpcSection {

    /**
     * The longest a caller waits for the run of another caller's call, after which it runs the
     * handler on its own call; its own deadline ends its wait earlier.
     */
    // bound without the gRPC artifact too: its default, not a reference to it
    private Duration waitTimeout = Duration.ofSeconds(30);

    public Duration getWaitTimeout() {
      return waitTimeout;
    }

    public void setWaitTimeout(Duration waitTimeout) {
      this.waitTimeout = waitTimeout;
    }
  }

  /** The settings of the {@code collapse} actuator endpoint ({@code collapse.executor.endpoint.*}). */
  @ConfigurationProperties("collapse.executor.endpoint")
  public static class CollapseEndpointProperties {

    /**
     * Number of recent events (batches, unshared requests, rejections, timeouts) the endpoint shows;
     * 0 records none. At most 1000.
     */
    private int recentEvents = 20;

    public int getRecentEvents() {
      return recentEvents;
    }

    public void setRecentEvents(int recentEvents) {
      this.recentEvents = recentEvents;
    }
  }
}
