package io.github.collapseexecutor.spring.boot.autoconfigure.grpc;

import io.github.collapseexecutor.grpc.CollapseClientInterceptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseGrpcClientProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpAdapterProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.HttpAdapterSupport;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.GrpcInterceptorCustomizer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.grpc.client.GlobalClientInterceptor;

/**
 * The collapse interceptor of gRPC clients, configured by the {@code collapse.executor.grpc}
 * section and registered as a {@link GlobalClientInterceptor}, so that every channel Spring
 * gRPC's channel factories create (those of Spring Boot's gRPC client support, and the stubs built
 * on them) collapses concurrent identical unary calls:
 *
 * <pre>{@code
 * @Bean
 * CatalogueGrpc.CatalogueBlockingStub catalogue(GrpcChannelFactory channels) {
 *   return CatalogueGrpc.newBlockingStub(channels.createChannel("catalogue"));
 * }
 * }</pre>
 *
 * <p>It has the lowest precedence among the global interceptors and is registered after the
 * application's and Spring Boot's, so it runs after the others: the metadata they add
 * (credentials, a tenant) is in the key, and each caller is observed. Interceptors given to one
 * channel ({@code ChannelBuilderOptions.withInterceptors}) are sorted among the global ones, and
 * one with no order then runs after this one, its metadata out of the key: give an interceptor
 * that adds per-caller credentials an order, or make it global. Define
 * a {@link CollapseClientInterceptor} bean of your own to replace it; it is then global only if
 * you annotate it.
 *
 * <p>Off when {@code collapse.executor.enabled} or {@code collapse.executor.grpc.enabled} is
 * false, or when Spring gRPC or the {@code collapse-executor-grpc} artifact is missing.
 */
// after Boot's observation interceptor: among global interceptors of equal order, the later
// registered runs later, so each caller, not only the shared call, is observed
@AutoConfiguration(
    after = CollapseExecutorAutoConfiguration.class,
    afterName =
        "org.springframework.boot.grpc.client.autoconfigure.GrpcClientObservationAutoConfiguration")
@ConditionalOnClass({GlobalClientInterceptor.class, CollapseClientInterceptor.class})
@ConditionalOnBooleanProperty(name = "collapse.executor.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "collapse.executor.grpc.enabled", matchIfMissing = true)
@EnableConfigurationProperties({CollapseGrpcClientProperties.class, HttpAdapterProperties.class})
public final class CollapseGrpcClientAutoConfiguration {

  /** The integration tag and name of the interceptor. */
  public static final String INTEGRATION = CollapseClientInterceptor.DEFAULT_NAME;

  @Bean
  @GlobalClientInterceptor
  @Order(Ordered.LOWEST_PRECEDENCE)
  @ConditionalOnMissingBean
  CollapseClientInterceptor collapseGrpcClientInterceptor(
      CollapseGrpcClientProperties section,
      HttpAdapterProperties http,
      ObjectProvider<GrpcInterceptorCustomizer> customizers,
      ObjectProvider<HttpAdapterSupport> adapters) {
    CollapseClientInterceptor.Builder builder =
        CollapseClientInterceptor.builder()
            .name(INTEGRATION)
            .sensitiveMetadata(GrpcSections.sensitiveMetadata(http, section.getSensitiveMetadata()))
            .methods(GrpcSections.methods(section.getMethods()))
            .callCredentialsShared(section.isCallCredentialsShared())
            .observeOnly(GrpcSections.observeOnly(http, section.getMode()));
    adapters.ifAvailable(
        support -> builder.listener(support.sameKeyListener(INTEGRATION, /* timesOut= */ false)));
    customizers.orderedStream().forEach(customizer -> customizer.customize(section, builder));
    return builder.build();
  }
}
