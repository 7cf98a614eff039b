package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.core.Ordered;

/**
 * The {@code collapse.executor} configuration. The keys of the classic library ({@code enabled},
 * {@code wait-threshold}, {@code collecting-wait-time}, and the {@code rest-template},
 * {@code web-client} and {@code servlet} sections with their {@code collapse-policies} and
 * {@code collapse-groups}) bind unchanged. The top-level HTTP keys ({@code max-body-size}, the
 * sensitive headers, the hit-for-pass and Vary tables) bind to {@link HttpAdapterProperties}, the named executors to
 * {@link NamedExecutorProperties}.
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

  public UnknownKeys getUnknownKeys() {
    return unknownKeys;
  }

  public void setUnknownKeys(UnknownKeys unknownKeys) {
    this.unknownKeys = unknownKeys;
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

  /**
   * The settings of one integration: whether it is on, which requests may collapse, and its own
   * {@link HttpSettings} (body limit, sensitive headers, hit-for-pass and Vary tables), which
   * override the top-level ones.
   */
  public static class Section extends HttpSettings {

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
