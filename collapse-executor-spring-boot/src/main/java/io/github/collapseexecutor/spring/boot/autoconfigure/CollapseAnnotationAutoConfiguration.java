package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.micrometer.CollapseObservationConvention;
import io.github.collapseexecutor.micrometer.CollapseObservations;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.annotation.CallerIdentity;
import io.github.collapseexecutor.spring.annotation.CollapseBatch;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.annotation.JacksonResultCopier;
import io.github.collapseexecutor.spring.annotation.LocaleContextCallerIdentity;
import io.github.collapseexecutor.spring.annotation.ReactiveCallerIdentity;
import io.github.collapseexecutor.spring.annotation.ReactiveLocaleContextCallerIdentity;
import io.github.collapseexecutor.spring.annotation.CallerIdentities;
import io.github.collapseexecutor.spring.annotation.CollapseAnnotationPostProcessor;
import io.github.collapseexecutor.spring.annotation.CollapseMethods;
import io.github.collapseexecutor.spring.annotation.MethodObserver;
import io.github.collapseexecutor.spring.annotation.ReactiveSecurityContextCallerIdentity;
import io.github.collapseexecutor.spring.annotation.ReactiveTransactionCallerIdentity;
import io.github.collapseexecutor.spring.annotation.ResultCopiers;
import io.github.collapseexecutor.spring.annotation.SecurityContextCallerIdentity;
import io.github.collapseexecutor.spring.annotation.TransactionCallerIdentity;
import io.micrometer.observation.ObservationRegistry;
import org.aopalliance.intercept.MethodInterceptor;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Role;

/**
 * Collapses the calls of bean methods annotated with {@link Collapsible} or
 * {@link CollapseBatch}, through a Spring AOP proxy of each such bean. Every annotated method is
 * checked when its bean is created: a method that cannot be collapsed stops the application,
 * naming the method and the reason. With an {@link ObservationRegistry} bean, each run of a
 * method and each batch is observed as {@code collapse.call}, and each caller's own observation
 * says what the call did. With Jackson on the class path, a {@link JacksonResultCopier} (or on
 * Jackson 2 alone, its twin) is registered for the methods that ask for copies of their results.
 * Off when
 * {@code collapse.executor.enabled} or {@code collapse.executor.annotations.enabled} is false, or
 * when {@code spring-aop} is missing.
 */
@AutoConfiguration(after = CollapseExecutorAutoConfiguration.class)
@Import(JacksonResultCopierConfiguration.class)
@ConditionalOnClass(MethodInterceptor.class)
@ConditionalOnBooleanProperty(name = "collapse.executor.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "collapse.executor.annotations.enabled",
    matchIfMissing = true)
public final class CollapseAnnotationAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  CollapseMethods collapseMethods(ObjectProvider<NamedExecutors> executors,
      ObjectProvider<ObservationRegistry> observationRegistry,
      ObjectProvider<CollapseObservationConvention> observationConvention,
      ObjectProvider<CallerIdentity> callerIdentities,
      ObjectProvider<ReactiveCallerIdentity> reactiveCallerIdentities,
      ListableBeanFactory beanFactory) {
    return new CollapseMethods(executors::getObject, () -> {
      ObservationRegistry registry = observationRegistry.getIfAvailable();
      return registry == null ? MethodObserver.NONE : MethodObserver.observing(
          new CollapseObservations(registry, observationConvention.getIfAvailable()));
    }, () -> new CallerIdentities(callerIdentities.orderedStream().toList(),
        reactiveCallerIdentities.orderedStream().toList()), new ResultCopiers(beanFactory));
  }

  /**
   * The locale and time zone Spring holds for a caller tell callers apart: a localized answer is
   * only shared in its own language and zone.
   */
  @Bean
  @ConditionalOnMissingBean
  LocaleContextCallerIdentity localeContextCallerIdentity() {
    return new LocaleContextCallerIdentity();
  }

  /** The locale of the WebFlux exchange in a subscriber's context tells subscribers apart. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = {
      "org.springframework.web.filter.reactive.ServerWebExchangeContextFilter",
      "reactor.core.publisher.Mono"})
  static class ReactiveLocaleCallerIdentityConfiguration {

    @Bean
    @ConditionalOnMissingBean
    ReactiveLocaleContextCallerIdentity reactiveLocaleContextCallerIdentity() {
      return new ReactiveLocaleContextCallerIdentity();
    }
  }

  /** A caller inside a transaction Spring manages on its thread shares with no one. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name =
      "org.springframework.transaction.support.TransactionSynchronizationManager")
  static class TransactionCallerIdentityConfiguration {

    @Bean
    @ConditionalOnMissingBean
    TransactionCallerIdentity transactionCallerIdentity() {
      return new TransactionCallerIdentity();
    }

    /** A subscriber inside a reactive transaction shares with no one. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {
        "org.springframework.transaction.reactive.TransactionSynchronizationManager",
        "reactor.core.publisher.Mono"})
    static class Reactive {

      @Bean
      @ConditionalOnMissingBean
      ReactiveTransactionCallerIdentity reactiveTransactionCallerIdentity() {
        return new ReactiveTransactionCallerIdentity();
      }
    }
  }

  /** The principal of Spring Security's context tells callers apart. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.springframework.security.core.context.SecurityContextHolder")
  static class SecurityCallerIdentityConfiguration {

    @Bean
    @ConditionalOnMissingBean
    SecurityContextCallerIdentity securityContextCallerIdentity() {
      return new SecurityContextCallerIdentity();
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {
        "org.springframework.security.core.context.ReactiveSecurityContextHolder",
        "reactor.core.publisher.Mono"})
    static class Reactive {

      @Bean
      @ConditionalOnMissingBean
      ReactiveSecurityContextCallerIdentity reactiveSecurityContextCallerIdentity() {
        return new ReactiveSecurityContextCallerIdentity();
      }
    }
  }

  /** Static, as a post-processor must be, and lazy about what it needs. */
  @Bean
  @ConditionalOnMissingBean
  @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
  static CollapseAnnotationPostProcessor collapseAnnotationPostProcessor(
      ObjectProvider<CollapseMethods> methods) {
    return new CollapseAnnotationPostProcessor(methods);
  }
}
