package io.github.collapseexecutor.spring.boot.autoconfigure.grpc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code collapse.executor.grpc.server} section: which unary methods of the application's gRPC
 * services collapse, what keeps their callers apart, and how long a caller waits for another's
 * run.
 */
@ConfigurationProperties("collapse.executor.grpc.server")
public class CollapseGrpcServerProperties {

  /** Whether the gRPC server interceptor is enabled. */
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
   * The longest a caller waits for the run of another caller's call, after which it runs the
   * handler on its own call; its own deadline ends its wait earlier.
   */
  // bound without the gRPC artifact too: its default, not a reference to it
  private Duration waitTimeout = Duration.ofSeconds(30);

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public List<String> getMethods() {
    return methods;
  }

  public void setMethods(List<String> methods) {
    this.methods = methods;
  }

  public List<String> getSensitiveMetadata() {
    return sensitiveMetadata;
  }

  public void setSensitiveMetadata(List<String> sensitiveMetadata) {
    this.sensitiveMetadata = sensitiveMetadata;
  }

  public Duration getWaitTimeout() {
    return waitTimeout;
  }

  public void setWaitTimeout(Duration waitTimeout) {
    this.waitTimeout = waitTimeout;
  }
}
