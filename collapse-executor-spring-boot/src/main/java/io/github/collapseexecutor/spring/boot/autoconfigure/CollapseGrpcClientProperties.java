package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code collapse.executor.grpc} section: which unary calls of the gRPC client collapse and
 * what keeps callers apart. Not an HTTP section: gRPC has no collapse groups, policies or body
 * limits, and the top-level HTTP settings do not apply to it.
 */
@ConfigurationProperties("collapse.executor.grpc")
public class CollapseGrpcClientProperties {

  /** Whether the gRPC client interceptor is enabled. */
  private boolean enabled = true;

  /**
   * Metadata keys whose values join the key, so that callers that send different values never
   * share, added to the built-in ones (authorization, cookie and the names the HTTP adapters treat
   * as sensitive) and to the top-level sensitive-headers and sensitive-header-patterns.
   */
  private List<String> sensitiveMetadata = new ArrayList<>();

  /**
   * Full names of the unary methods that collapse (package.Service/Method), each of which may use
   * an asterisk as a wildcard (catalogue.Catalogue/*); empty for every unary method.
   */
  private List<String> methods = new ArrayList<>();

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
