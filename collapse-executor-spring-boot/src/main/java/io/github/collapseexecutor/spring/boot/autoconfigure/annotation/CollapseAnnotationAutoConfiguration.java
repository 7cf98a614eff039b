package io.github.collapseexecutor.spring.boot.autoconfigure.annotation;

import io.github.collapseexecutor.micrometer.CollapseObservationConvention;
import io.github.collapseexecutor.micrometer.CollapseObservations;
import io.github.collapseexecutor.micrometer.annotation.MicrometerMethodObservers;
import io.github.collapseexecutor.spring.annotation.CollapseBatch;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.annotation.EnableCollapsing;
import io.github.collapseexecutor.spring.annotation.JacksonResultCopier;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import io.micrometer.observation.ObservationRegistry;
import org.aopalliance.intercept.MethodInterceptor;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Collapses the calls of bean methods annotated with {@link Collapsible} or
 * {@link CollapseBatch}, through a Spring AOP proxy of each such bean: what
 * {@link EnableCollapsing} registers, with the executors of {@code collapse.executor.executors}.
 * Every annotated method is checked when its bean is created: a method that cannot be collapsed
 * stops the application, naming the method and the reason. The methods are observed by a
 * {@link MethodObserver} on Micrometer, unless the application defines one: with an
 * {@link ObservationRegistry} bean, each run of a method and each batch is observed as
 * {@code collapse.call}, and each caller's own observation says what the call did; with or
 * without, the meters of each method's executor are registered when it is created. With Jackson
 * on the class path, a
 * {@link JacksonResultCopier} (or with the application's Jackson 2 mapper, its twin) is registered
 * for the methods that ask for copies of their results, unless a bean has its name. Off when
 * {@code collapse.executor.enabled} or {@code collapse.executor.annotations.enabled} is false, or
 * when {@code spring-aop} is missing.
 */
@AutoConfiguration(after = CollapseExecutorAutoConfiguration.class)
@ConditionalOnClass(MethodInterceptor.class)
@ConditionalOnBooleanProperty(name = "collapse.executor.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "collapse.executor.annotations.enabled", matchIfMissing = true)
@EnableCollapsing
public final class CollapseAnnotationAutoConfiguration {

  /** The annotated methods observed on Micrometer. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(ObservationRegistry.class)
  static class MicrometerObservation {

    /**
     * Observes the annotated methods on the {@link ObservationRegistry} bean, with the
     * {@link CollapseObservationConvention} bean if there is one; without a registry, only
     * announces each method's executor to its meter listener. Asked for when the first
     * annotated bean is found, once every bean is defined.
     */
    @Bean
    @ConditionalOnMissingBean(MethodObserver.class)
    MethodObserver collapseMethodObserver(
        ObjectProvider<ObservationRegistry> registry,
        ObjectProvider<CollapseObservationConvention> convention) {
      ObservationRegistry observations = registry.getIfAvailable();
      return observations == null
          ? MicrometerMethodObservers.metersOnly()
          : MicrometerMethodObservers.observing(
              CollapseObservations.of(observations).withConvention(convention.getIfAvailable()));
    }
  }
}
