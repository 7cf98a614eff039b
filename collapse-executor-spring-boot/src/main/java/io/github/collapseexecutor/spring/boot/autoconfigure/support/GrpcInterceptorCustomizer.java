package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import io.github.collapseexecutor.grpc.CollapseClientInterceptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseGrpcClientProperties;

/**
 * Adds to the builder of the gRPC collapse interceptor what a tier plugged in beside the adapters
 * brings for the section's own keys of that tier. Every bean of this type is applied, in order,
 * after the section's own settings; the gRPC auto-configuration knows the beans only by this type.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 */
@FunctionalInterface
public interface GrpcInterceptorCustomizer {

  /**
   * Customizes the interceptor of the {@code grpc} section.
   *
   * @throws RuntimeException to stop startup, when the section asks for what cannot be given
   */
  void customize(CollapseGrpcClientProperties section, CollapseClientInterceptor.Builder builder);
}
