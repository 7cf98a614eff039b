package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import io.github.collapseexecutor.core.Incubating;
import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.grpc.CollapseClientInterceptor;
import io.github.collapseexecutor.servlet.CollapseServletFilter;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.servlet.CollapseServletFilterAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.ClientWiringCheck;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.GrpcInterceptorCustomizer;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.HttpOptionsCustomizer;
import io.github.collapseexecutor.spring.boot.autoconfigure.webflux.CollapseWebFluxAutoConfiguration;
import io.github.collapseexecutor.spring.fleet.CollapsibleFleetConfiguration;
import io.github.collapseexecutor.spring.webflux.CollapseWebFilter;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ManagedChannelBuilder;
import io.grpc.MethodDescriptor;
import jakarta.servlet.Filter;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.grpc.client.GlobalClientInterceptor;
import org.springframework.grpc.client.GrpcChannelBuilderCustomizer;
import org.springframework.web.server.WebFilter;

/**
 * What the {@code fleet} keys do, and the tier as the rest of the auto-configuration shows it:
 * the {@code @Collapsible} methods that ask for the tier (on the annotation or in their named
 * executor's section) through it ({@link CollapsibleFleetConfiguration}); the application's
 * {@link Fleet} in
 * the options of each HTTP client and server section whose {@code fleet} is true, and in the gRPC
 * interceptor with {@code collapse.executor.grpc.fleet}, each channel of Spring gRPC's factory
 * named for it; a startup failure where a section's clients cannot be named for the tier, and a
 * line where only some of them are; the port a server filter's requests share on. The adapters'
 * auto-configurations know none of it: they apply every {@link HttpOptionsCustomizer},
 * {@link GrpcInterceptorCustomizer} and {@link ClientWiringCheck} bean.
 *
 * <p>The {@link Fleet} is the one of {@link CollapseFleetAutoConfiguration} on the application's
 * Redis, or the application's own; without either, a {@code fleet: true} stops startup, naming
 * its key. The mistakes the configuration shows by itself are found before any bean is made
 * ({@code FleetCheck}).
 */
@AutoConfiguration(after = CollapseExecutorAutoConfiguration.class)
@ConditionalOnBooleanProperty(name = "collapse.executor.enabled", matchIfMissing = true)
@Import(CollapsibleFleetConfiguration.class)
@Incubating
public final class CollapseFleetWiringAutoConfiguration {

  /** The tier in the options of each HTTP section whose {@code fleet} is true. */
  @Bean
  HttpOptionsCustomizer collapseFleetHttpOptions(ObjectProvider<Fleet> fleet) {
    return (section, options) -> {
      if (section.isFleet()) {
        options.fleet(FleetWiringException.requireTier(fleet.getIfAvailable(), section.key()));
      }
    };
  }

  /**
   * The tier as the DEBUG startup report names it (the {@link Fleet} bean, or none) and as the
   * {@code collapse} endpoint shows it, under {@code fleet}: its state, or {@code null} without
   * the coordinator's auto-configuration.
   */
  @Bean
  Tier collapseFleetTier(ObjectProvider<Fleet> fleet, ObjectProvider<CollapseFleetState> state) {
    return new Tier(
        "fleet",
        () -> {
          Fleet tier = fleet.getIfUnique();
          return tier == null ? "none" : tier.toString();
        },
        () -> {
          CollapseFleetState now = state.getIfUnique();
          return now == null ? null : now.describe();
        });
  }

  /** Fails where a chosen client cannot be named for the tier; says which clients stay local. */
  @Bean
  ClientWiringCheck collapseFleetClientWiring() {
    return new FleetClientWiring();
  }

  /**
   * The tier of the gRPC interceptor, with {@code collapse.executor.grpc.fleet}: the calls of a
   * channel of Spring gRPC's factory ask it under the channel's name.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass({GlobalClientInterceptor.class, CollapseClientInterceptor.class})
  @ConditionalOnBooleanProperty(name = "collapse.executor.grpc.enabled", matchIfMissing = true)
  static class GrpcChannels {

    /** Where a channel of the factory puts its name for the tier; no one else has the key. */
    private static final CallOptions.Key<@Nullable String> CHANNEL_NAME =
        CallOptions.Key.create("collapse.executor.grpc.channel-name");

    @Bean
    GrpcInterceptorCustomizer collapseFleetGrpcInterceptor(ObjectProvider<Fleet> fleet) {
      return (section, builder) -> {
        if (section.isFleet()) {
          builder.fleet(
              FleetWiringException.requireTier(fleet.getIfAvailable(), "grpc"),
              options -> options.getOption(CHANNEL_NAME));
        }
      };
    }

    /**
     * Names each channel of Spring gRPC's channel factory for the tier: an interceptor added to
     * the channel as it is built puts the channel's name into the options of each of its calls,
     * where the collapse interceptor reads it. It runs before every global interceptor (the
     * factory adds the customizers' interceptors after them, and gRPC runs the last added
     * first), and nothing else can write that option: the key is this class's. Channels built
     * otherwise have no name, and their calls stay on their instance.
     */
    @Bean
    @ConditionalOnBooleanProperty("collapse.executor.grpc.fleet")
    <T extends ManagedChannelBuilder<T>>
        GrpcChannelBuilderCustomizer<T> collapseGrpcChannelNames() {
      return (name, builder) ->
          builder.intercept(
              new ClientInterceptor() {
                @Override
                public <ReqT, RespT> ClientCall<ReqT, RespT> interceptCall(
                    MethodDescriptor<ReqT, RespT> method, CallOptions options, Channel next) {
                  return next.newCall(method, options.withOption(CHANNEL_NAME, name));
                }
              });
    }
  }

  /**
   * Says once, when the application has started, that requests collapse across the fleet only
   * between instances on the same port and Host, naming this instance's port.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
  @ConditionalOnClass({Filter.class, FilterRegistrationBean.class, CollapseServletFilter.class})
  @ConditionalOnBooleanProperty(name = "collapse.executor.servlet.enabled", matchIfMissing = true)
  @ConditionalOnBooleanProperty("collapse.executor.servlet.fleet")
  static class ServletPort {

    @Bean
    ServerFleetPort collapseServletFleetPort(ObjectProvider<CollapseExecutors> executors) {
      return new ServerFleetPort(
          CollapseServletFilterAutoConfiguration.class,
          "servlet",
          CollapseServletFilterAutoConfiguration.INTEGRATION,
          executors);
    }
  }

  /** The same for the WebFlux filter. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
  @ConditionalOnClass({WebFilter.class, CollapseWebFilter.class})
  @ConditionalOnBooleanProperty(name = "collapse.executor.webflux.enabled", matchIfMissing = true)
  @ConditionalOnBooleanProperty("collapse.executor.webflux.fleet")
  static class WebFluxPort {

    @Bean
    ServerFleetPort collapseWebFluxFleetPort(ObjectProvider<CollapseExecutors> executors) {
      return new ServerFleetPort(
          CollapseWebFluxAutoConfiguration.class,
          "webflux",
          CollapseWebFluxAutoConfiguration.INTEGRATION,
          executors);
    }
  }
}
