package io.github.collapseexecutor.spring.boot.autoconfigure.grpc;

import io.github.collapseexecutor.grpc.CollapseServerInterceptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseGrpcServerProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpAdapterProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.HttpAdapterSupport;
import io.grpc.BindableService;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.grpc.server.GlobalServerInterceptor;

/**
 * The collapse interceptor of gRPC services, configured by the {@code collapse.executor.grpc.server}
 * section and registered as a {@link GlobalServerInterceptor}, so that every service the gRPC
 * server of Spring gRPC (Boot 4.1's {@code spring-boot-grpc-server}, or Spring gRPC's own starter
 * on Boot 3.5) serves collapses concurrent identical unary calls.
 *
 * <p>It has the lowest precedence among the global interceptors, so it runs last, next to the
 * service: authentication and the other interceptors have run for each caller before it, what
 * they put in the context is there when the caller's key is taken, and each caller is observed.
 * Define a {@link CollapseServerInterceptor} bean of your own to replace it (to declare a
 * {@code callerIdentity}, for one); it is then global only if you annotate it. Its executor,
 * {@code grpc-server}, has the meters of the other executors.
 *
 * <p>Off when {@code collapse.executor.enabled} or {@code collapse.executor.grpc.server.enabled} is
 * false, or when Spring gRPC or the {@code collapse-executor-grpc} artifact is missing.
 */
@AutoConfiguration(after = CollapseExecutorAutoConfiguration.class)
@ConditionalOnClass({
  GlobalServerInterceptor.class,
  BindableService.class,
  CollapseServerInterceptor.class
})
@ConditionalOnBooleanProperty(name = "collapse.executor.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "collapse.executor.grpc.server.enabled", matchIfMissing = true)
@EnableConfigurationProperties({CollapseGrpcServerProperties.class, HttpAdapterProperties.class})
public final class CollapseGrpcServerAutoConfiguration {

  /** The integration tag and name of the interceptor. */
  public static final String INTEGRATION = CollapseServerInterceptor.DEFAULT_NAME;

  @Bean
  @GlobalServerInterceptor
  @Order(Ordered.LOWEST_PRECEDENCE)
  @ConditionalOnMissingBean
  CollapseServerInterceptor collapseGrpcServerInterceptor(
      CollapseGrpcServerProperties section,
      HttpAdapterProperties http,
      ObjectProvider<HttpAdapterSupport> adapters) {
    CollapseServerInterceptor.Builder builder =
        CollapseServerInterceptor.builder()
            .name(INTEGRATION)
            .sensitiveMetadata(GrpcSections.sensitiveMetadata(http, section.getSensitiveMetadata()))
            .methods(GrpcSections.methods(section.getMethods()))
            .waitTimeout(section.getWaitTimeout())
            .observeOnly(GrpcSections.observeOnly(http, section.getMode()));
    adapters.ifAvailable(
        support -> builder.listener(support.sameKeyListener(INTEGRATION, /* timesOut= */ true)));
    return builder.build();
  }
}
