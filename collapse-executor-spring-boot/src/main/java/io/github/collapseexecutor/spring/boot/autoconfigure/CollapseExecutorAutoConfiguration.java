package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.core.CollapseExecutor;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.micrometer.CollapseObservationConvention;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.annotation.CollapseMethods;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpAdapterProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpSection;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.NamedExecutorProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.BuilderPartitions;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.ClientWiring;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.HttpAdapterSupport;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.ClientWiringCheck;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.HttpOptionsCustomizer;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Role;
import org.springframework.core.env.Environment;

/**
 * What every integration shares: the bound {@code collapse.executor} properties, the registry of
 * executors, {@link CollapseExecutorOptions} for the batch executors an application builds
 * itself, and the {@link NamedExecutors} of {@code collapse.executor.executors}. Every singleton
 * bean that is a core {@link CollapseExecutor} joins the registry, so that the {@code collapse}
 * endpoint can switch it; with an {@link ObservationRegistry} bean, each run of an executor built
 * from the {@link CollapseExecutorOptions} bean (or a named executor's options) is observed as
 * {@code collapse.call}. Off when {@code collapse.executor.enabled} is false.
 *
 * <pre>{@code
 * @Bean
 * UserLoader userLoader(CollapseExecutorOptions options, UserRepository users) {
 *   return new UserLoader(options.toBuilder().name("users").build(), users);
 * }
 * }</pre>
 */
@AutoConfiguration
@ConditionalOnBooleanProperty(name = "collapse.executor.enabled", matchIfMissing = true)
@EnableConfigurationProperties({
  CollapseExecutorProperties.class,
  HttpAdapterProperties.class,
  NamedExecutorProperties.class
})
@Import({HttpServiceGroupCheck.class, CollapseHealthIndicatorConfiguration.class})
// the imported configuration is package-private: Spring reads it, applications do not
@SuppressWarnings("exports")
public final class CollapseExecutorAutoConfiguration {

  /** The integration tag of executors built from the {@link CollapseExecutorOptions} bean. */
  public static final String INTEGRATION = "core";

  @Bean
  @ConditionalOnMissingBean
  CollapseExecutors collapseExecutors() {
    return new CollapseExecutors();
  }

  /**
   * Static, as a post-processor must be: it reads the environment before any bean is created, so
   * that an unknown key is reported before the mistakes it may cause.
   */
  @Bean
  static UnknownKeyCheck collapseUnknownKeyCheck() {
    return new UnknownKeyCheck();
  }

  /** Static, as a post-processor must be, and lazy about the registry. */
  @Bean
  @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
  static CoreExecutorRegistrar collapseCoreExecutorRegistrar(
      ObjectProvider<CollapseExecutors> executors) {
    return new CoreExecutorRegistrar(executors);
  }

  /**
   * The properties as the library's options, every value checked once; a bad one stops the
   * application here, with a failure analysis that names its key.
   */
  @Bean
  CollapseSettings collapseSettings(
      CollapseExecutorProperties properties,
      HttpAdapterProperties http,
      NamedExecutorProperties named,
      ObjectProvider<HttpSection> sections,
      Environment environment) {
    return new CollapseSettings(
        properties,
        http,
        named,
        sections.orderedStream().toList(),
        ConfigurationPropertySources.get(environment));
  }

  /** What every HTTP adapter's auto-configuration takes besides its own section. */
  @Bean
  HttpAdapterSupport collapseHttpAdapterSupport(
      CollapseSettings settings,
      ObjectProvider<CollapseListenerFactory> listeners,
      ObjectProvider<ObservationRegistry> observationRegistry,
      ObjectProvider<CollapseObservationConvention> observationConvention,
      ObjectProvider<CollapseExecutors> executors,
      ObjectProvider<HttpOptionsCustomizer> customizers) {
    return new HttpAdapterSupport(
        settings::httpOptions,
        integration -> CollapseListeners.of(listeners, integration),
        observationRegistry,
        observationConvention,
        executors,
        customizers);
  }

  /**
   * The unnamed partitions the client sections give Spring Boot's builders, of which
   * {@code apply-to-beans} tells each {@link ClientWiringCheck}.
   */
  @Bean
  BuilderPartitions collapseBuilderPartitions(ObjectProvider<ClientWiringCheck> checks) {
    return new BuilderPartitions(checks);
  }

  /** The DEBUG report of what collapse was wired to, once every bean is made. */
  @Bean
  CollapseStartupReport collapseStartupReport(
      CollapseExecutors executors,
      ObjectProvider<ClientWiring> clients,
      ObjectProvider<CollapseMethods> methods,
      ObjectProvider<Tier> tiers) {
    return new CollapseStartupReport(executors, clients, methods, tiers);
  }

  /**
   * Batch executor settings from {@code wait-threshold}, {@code collecting-wait-time},
   * {@code max-batch-size}, {@code max-concurrent-batches} and {@code max-pending-inputs}, with
   * the listeners of every {@link CollapseListenerFactory}. The HTTP adapters do not use it: they
   * collapse same-key requests, which has no batch to size or wait for.
   */
  @Bean
  @ConditionalOnMissingBean
  CollapseExecutorOptions collapseExecutorOptions(
      CollapseSettings settings, ObjectProvider<CollapseListenerFactory> listeners) {
    return settings.batchOptions(CollapseListeners.of(listeners, INTEGRATION));
  }

  /**
   * The executors of {@code collapse.executor.executors}: {@code default} on top of the
   * {@link CollapseExecutorOptions} bean, every other one on top of {@code default}.
   */
  @Bean
  @ConditionalOnMissingBean
  NamedExecutors namedExecutors(CollapseSettings settings, CollapseExecutorOptions options) {
    return settings.namedExecutors(options);
  }

  /**
   * Observes the runs of the executors built from the {@link CollapseExecutorOptions} bean, when
   * an {@link ObservationRegistry} bean exists; the HTTP adapters and the annotated methods observe
   * their own shared calls.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(ObservationRegistry.class)
  static class RunObservations {

    @Bean
    CoreRunObservations collapseRunObservations(
        ObjectProvider<ObservationRegistry> registry,
        ObjectProvider<CollapseObservationConvention> convention) {
      return new CoreRunObservations(registry, convention);
    }
  }

  /** Describes the timers Spring Boot makes from the {@code collapse.call} observation. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "io.micrometer.core.instrument.config.MeterFilter")
  static class CallMeterDescription {

    @Bean
    static CollapseCallDescription collapseCallMeterDescription() {
      return new CollapseCallDescription();
    }
  }
}
