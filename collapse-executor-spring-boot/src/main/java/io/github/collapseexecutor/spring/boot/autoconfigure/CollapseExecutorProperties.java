package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.spring.http.HttpCollapseOptions;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.boot.convert.DurationUnit;
import org.springframework.core.Ordered;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

/**
 * The {@code collapse.executor} configuration. The keys of the classic library ({@code enabled},
 * {@code wait-threshold}, {@code collecting-wait-time}, and the {@code rest-template},
 * {@code web-client} and {@code servlet} sections with their {@code collapse-policies} and
 * {@code collapse-groups}) bind unchanged.
 *
 * <p>The properties validate themselves when they are bound: a bad value stops the application at
 * startup with a report that names the key, the value and the reason (see
 * {@link PropertiesValidator}).
 */
@ConfigurationProperties("collapse.executor")
public class CollapseExecutorProperties implements Validator {

  /** Whether collapse is enabled at all; false turns every section off. */
  private boolean enabled = true;

  /** Minimum number of collected inputs at which a batch executor considers the collecting wait. */
  private int waitThreshold = CollapseExecutorOptions.DEFAULT_WAIT_THRESHOLD;

  /**
   * How long a batch that reached the wait threshold waits for more inputs: negative for no wait
   * (the default), 0 to yield the thread once, positive to wait that long (milliseconds unless a
   * unit is given).
   */
  @DurationUnit(ChronoUnit.MILLIS)
  private Duration collectingWaitTime = CollapseExecutorOptions.DEFAULT_COLLECTING_WAIT_TIME;

  /** Maximum number of inputs handed to one batch; no limit when not set. */
  private Integer maxBatchSize;

  /**
   * Maximum number of batches one batch executor runs at once: the ceiling of the adaptive limit,
   * or the limit itself when adaptive-concurrency is false.
   */
  private int maxConcurrentBatches = CollapseExecutorOptions.DEFAULT_MAX_CONCURRENT_BATCHES;

  /**
   * Whether the number of batches in flight adapts to the backend's latency, from one up to
   * max-concurrent-batches; false always allows max-concurrent-batches.
   */
  private boolean adaptiveConcurrency = CollapseExecutorOptions.DEFAULT_ADAPTIVE_CONCURRENCY;

  /**
   * Maximum number of inputs waiting for a batch before calls are rejected; no limit when not set.
   */
  private Integer maxPendingInputs;

  /** Largest response body that is buffered to share with the requests that waited for it. */
  private DataSize maxBodySize = DataSize.ofBytes(HttpCollapseOptions.DEFAULT_MAX_BODY_BYTES);

  /**
   * Request headers whose values always join the collapse key, so different credentials never
   * share: Authorization, Cookie, Proxy-Authorization, X-Api-Key, Api-Key, X-Auth-Token and
   * X-Access-Token unless set.
   */
  private List<String> sensitiveHeaders =
      new ArrayList<>(new TreeSet<>(HttpCollapseOptions.DEFAULT_SENSITIVE_HEADERS));

  /** Request headers to treat as sensitive beside sensitive-headers, in every section. */
  private List<String> additionalSensitiveHeaders = new ArrayList<>();

  /**
   * Request headers that are never sensitive, in every section, even when sensitive-headers or a
   * sensitive-header-patterns entry names them.
   */
  private List<String> nonSensitiveHeaders = new ArrayList<>();

  /**
   * Parts of a request header name that make the header sensitive, compared in lower case: token,
   * secret, session, api-key and apikey unless set; empty turns patterns off.
   */
  private List<String> sensitiveHeaderPatterns =
      new ArrayList<>(new TreeSet<>(HttpCollapseOptions.DEFAULT_SENSITIVE_HEADER_PATTERNS));

  /** RestTemplate and RestClient: the one collapse interceptor both clients use. */
  @NestedConfigurationProperty
  private final RestTemplateSection restTemplate = new RestTemplateSection();

  /** WebClient: the collapse exchange filter function. */
  @NestedConfigurationProperty
  private final WebClientSection webClient = new WebClientSection();

  /** OkHttp: the collapse application interceptor. */
  @NestedConfigurationProperty
  private final ClientSection okhttp = new ClientSection();

  /** Servlet container: the collapse filter for inbound requests. */
  @NestedConfigurationProperty
  private final ServletSection servlet = new ServletSection();

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public int getWaitThreshold() {
    return waitThreshold;
  }

  public void setWaitThreshold(int waitThreshold) {
    this.waitThreshold = waitThreshold;
  }

  public Duration getCollectingWaitTime() {
    return collectingWaitTime;
  }

  public void setCollectingWaitTime(Duration collectingWaitTime) {
    this.collectingWaitTime = collectingWaitTime;
  }

  public Integer getMaxBatchSize() {
    return maxBatchSize;
  }

  public void setMaxBatchSize(Integer maxBatchSize) {
    this.maxBatchSize = maxBatchSize;
  }

  public int getMaxConcurrentBatches() {
    return maxConcurrentBatches;
  }

  public void setMaxConcurrentBatches(int maxConcurrentBatches) {
    this.maxConcurrentBatches = maxConcurrentBatches;
  }

  public boolean isAdaptiveConcurrency() {
    return adaptiveConcurrency;
  }

  public void setAdaptiveConcurrency(boolean adaptiveConcurrency) {
    this.adaptiveConcurrency = adaptiveConcurrency;
  }

  public Integer getMaxPendingInputs() {
    return maxPendingInputs;
  }

  public void setMaxPendingInputs(Integer maxPendingInputs) {
    this.maxPendingInputs = maxPendingInputs;
  }

  public DataSize getMaxBodySize() {
    return maxBodySize;
  }

  public void setMaxBodySize(DataSize maxBodySize) {
    this.maxBodySize = maxBodySize;
  }

  public List<String> getSensitiveHeaders() {
    return sensitiveHeaders;
  }

  public void setSensitiveHeaders(List<String> sensitiveHeaders) {
    this.sensitiveHeaders = sensitiveHeaders;
  }

  public List<String> getAdditionalSensitiveHeaders() {
    return additionalSensitiveHeaders;
  }

  public void setAdditionalSensitiveHeaders(List<String> additionalSensitiveHeaders) {
    this.additionalSensitiveHeaders = additionalSensitiveHeaders;
  }

  public List<String> getNonSensitiveHeaders() {
    return nonSensitiveHeaders;
  }

  public void setNonSensitiveHeaders(List<String> nonSensitiveHeaders) {
    this.nonSensitiveHeaders = nonSensitiveHeaders;
  }

  public List<String> getSensitiveHeaderPatterns() {
    return sensitiveHeaderPatterns;
  }

  public void setSensitiveHeaderPatterns(List<String> sensitiveHeaderPatterns) {
    this.sensitiveHeaderPatterns = sensitiveHeaderPatterns;
  }

  public RestTemplateSection getRestTemplate() {
    return restTemplate;
  }

  public WebClientSection getWebClient() {
    return webClient;
  }

  public ClientSection getOkhttp() {
    return okhttp;
  }

  public ServletSection getServlet() {
    return servlet;
  }

  @Override
  public boolean supports(Class<?> type) {
    return CollapseExecutorProperties.class.isAssignableFrom(type);
  }

  @Override
  public void validate(Object target, Errors errors) {
    new PropertiesValidator(errors).validate((CollapseExecutorProperties) target);
  }

  /** The settings of one integration: whether it is on, and which requests may collapse. */
  public static class Section {

    /** Whether this integration is enabled. */
    private boolean enabled = true;

    /** Named policies that shape the collapse key of the groups that name them. */
    private Map<String, CollapsePolicyProperties> collapsePolicies = new LinkedHashMap<>();

    /** Groups of request paths that may collapse, tried in order; the first that matches wins. */
    private List<CollapseGroupProperties> collapseGroups = new ArrayList<>();

    /**
     * Largest response body that is buffered to share; the top-level max-body-size when not set.
     */
    private DataSize maxBodySize;

    /**
     * Request headers that always join the collapse key; the top-level sensitive-headers when not
     * set.
     */
    private List<String> sensitiveHeaders;

    /**
     * How long a request that joined an identical request's call waits for its response before
     * it stops waiting and goes on as if collapse were off: a client makes its own call, the
     * servlet filter runs the chain.
     */
    private Duration waitTimeout = HttpCollapseOptions.DEFAULT_WAIT_TIMEOUT;

    /**
     * How long requests with a key go straight to the backend after a response for that key could
     * not be shared (Set-Cookie, private, too large, ...); 0 turns hit-for-pass off.
     */
    private Duration hitForPassTtl = HttpCollapseOptions.DEFAULT_HIT_FOR_PASS_TTL;

    /** Maximum number of keys marked for hit-for-pass at once. */
    private int hitForPassMaxKeys = HttpCollapseOptions.DEFAULT_HIT_FOR_PASS_MAX_KEYS;

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

    public DataSize getMaxBodySize() {
      return maxBodySize;
    }

    public void setMaxBodySize(DataSize maxBodySize) {
      this.maxBodySize = maxBodySize;
    }

    public List<String> getSensitiveHeaders() {
      return sensitiveHeaders;
    }

    public void setSensitiveHeaders(List<String> sensitiveHeaders) {
      this.sensitiveHeaders = sensitiveHeaders;
    }

    public Duration getWaitTimeout() {
      return waitTimeout;
    }

    public void setWaitTimeout(Duration waitTimeout) {
      this.waitTimeout = waitTimeout;
    }

    public Duration getHitForPassTtl() {
      return hitForPassTtl;
    }

    public void setHitForPassTtl(Duration hitForPassTtl) {
      this.hitForPassTtl = hitForPassTtl;
    }

    public int getHitForPassMaxKeys() {
      return hitForPassMaxKeys;
    }

    public void setHitForPassMaxKeys(int hitForPassMaxKeys) {
      this.hitForPassMaxKeys = hitForPassMaxKeys;
    }
  }

  /** The settings of an outbound client integration: which client beans get the adapter. */
  public static class ClientSection extends Section {

    /**
     * Names of client beans to add the adapter to, last, when they are created; every other
     * client is left alone. Each must name a bean of a client type the section serves.
     */
    private List<String> applyToBeans = new ArrayList<>();

    public List<String> getApplyToBeans() {
      return applyToBeans;
    }

    public void setApplyToBeans(List<String> applyToBeans) {
      this.applyToBeans = applyToBeans;
    }
  }

  /** The RestTemplate and RestClient section, with the opt-in builder customizers. */
  public static class RestTemplateSection extends ClientSection {

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

  /** The WebClient section, with the opt-in builder customizer. */
  public static class WebClientSection extends ClientSection {

    /**
     * Whether to add the filter function to every WebClient built from Spring Boot's
     * WebClient.Builder.
     */
    private boolean customizeWebClientBuilder;

    public boolean isCustomizeWebClientBuilder() {
      return customizeWebClientBuilder;
    }

    public void setCustomizeWebClientBuilder(boolean customizeWebClientBuilder) {
      this.customizeWebClientBuilder = customizeWebClientBuilder;
    }
  }

  /** The servlet filter section, with where and when the filter runs. */
  public static class ServletSection extends Section {

    /** Order of the filter in the chain; the default runs it after every filter with an order. */
    private int order = Ordered.LOWEST_PRECEDENCE;

    /** URL patterns the filter is mapped to. */
    private List<String> urlPatterns = new ArrayList<>(List.of("/*"));

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
}
