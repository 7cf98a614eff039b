package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The top-level {@code collapse.executor} keys of the HTTP adapters: the {@link HttpSettings}
 * (body limit, sensitive headers, hit-for-pass and Vary tables) every section inherits unless it
 * sets its own, and the header settings every section shares. Unset keys take the library's defaults
 * ({@link io.github.collapseexecutor.http.HttpCollapseOptions}).
 */
@ConfigurationProperties("collapse.executor")
public class HttpAdapterProperties extends HttpSettings {

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
