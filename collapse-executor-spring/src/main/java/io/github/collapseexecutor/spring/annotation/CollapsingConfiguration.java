package io.github.collapseexecutor.spring.annotation;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.ConfigurationCondition;
import org.springframework.context.annotation.Role;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.ClassUtils;
import tools.jackson.databind.json.JsonMapper;

/**
 * What {@link EnableCollapsing} registers, and Spring Boot's auto-configuration through it. Each
 * caller identity and copier that needs a library sits in a nested class guarded by
 * {@link OnClasses}, so that none of its types is loaded where the library is missing.
 */
@Configuration(proxyBeanMethods = false)
@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
class CollapsingConfiguration {

  /**
   * The annotated methods, observed by the application's {@link MethodObserver} bean if it has
   * one (collapse-executor-micrometer's, on Micrometer), else by none; their leaders make their
   * runs where the {@link LeaderRoutes} bean routes them, else here.
   */
  @Bean
  CollapseMethods collapseMethods(
      ObjectProvider<NamedExecutors> executors,
      ObjectProvider<MethodObserver> observer,
      ObjectProvider<CallerIdentity> callerIdentities,
      ObjectProvider<ReactiveCallerIdentity> reactiveCallerIdentities,
      ObjectProvider<LeaderRoutes> leaderRoutes,
      ListableBeanFactory beanFactory,
      CompletedWrites collapseCompletedWrites) {
    return new CollapseMethods(
        () -> executors.getIfAvailable(CollapsingConfiguration::defaults),
        () -> observer.getIfAvailable(() -> MethodObserver.NONE),
        () ->
            new CallerIdentities(
                callerIdentities.orderedStream().toList(),
                reactiveCallerIdentities.orderedStream().toList()),
        new ResultCopiers(beanFactory),
        () -> leaderRoutes.getIfAvailable(() -> CollapsingConfiguration::noRoute),
        collapseCompletedWrites);
  }

  /**
   * The routes without a {@link LeaderRoutes} bean: every run here, and a method that asks to
   * collapse across instances refused at startup rather than quietly kept on its instance.
   */
  private static LeaderRoutes.@Nullable Route noRoute(LeaderRoutes.RoutedMethod method) {
    if (method.collapsible().fleet() || method.executor().fleet()) {
      throw Unsupported.method(
          "Collapsible",
          method.method(),
          "it asks to collapse across instances (fleet), and nothing routes its runs there",
          "Add collapse-executor-spring-fleet and import its CollapsibleFleetConfiguration beside"
              + " @EnableCollapsing (Spring Boot's auto-configuration does both), or turn fleet off"
              + " for the method and its named executor.");
    }
    return null;
  }

  /**
   * The writes completed in the application, which collapsed calls never go back before, told to
   * the {@link LeaderRoutes} bean if any; static, as the post-processor that counts transactions
   * needs it.
   */
  @Bean
  @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
  static CompletedWrites collapseCompletedWrites(ObjectProvider<LeaderRoutes> leaderRoutes) {
    return new CompletedWrites(leaderRoutes::getIfAvailable);
  }

  /** One executor, the default one, with the core's default options and no caller timeout. */
  private static NamedExecutors defaults() {
    return new NamedExecutors(
        Map.of(
            NamedExecutors.DEFAULT,
            NamedExecutor.builder(
                    NamedExecutors.DEFAULT,
                    CollapseExecutorOptions.builder().name(NamedExecutors.DEFAULT).build())
                .build()));
  }

  /**
   * The locale and time zone Spring holds for a caller tell callers apart: a localized answer is
   * only shared in its own language and zone.
   */
  @Bean
  LocaleContextCallerIdentity localeContextCallerIdentity() {
    return new LocaleContextCallerIdentity();
  }

  /** Static, as a post-processor must be, and lazy about what it needs. */
  @Bean
  @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
  static CollapseAnnotationPostProcessor collapseAnnotationPostProcessor(
      ObjectProvider<CollapseMethods> methods) {
    return new CollapseAnnotationPostProcessor(methods);
  }

  /** The locale of the WebFlux exchange in a subscriber's context tells subscribers apart. */
  @Configuration(proxyBeanMethods = false)
  @OnClasses({
    "org.springframework.web.filter.reactive.ServerWebExchangeContextFilter",
    "reactor.core.publisher.Mono"
  })
  static class ReactiveLocale {

    @Bean
    ReactiveLocaleContextCallerIdentity reactiveLocaleContextCallerIdentity() {
      return new ReactiveLocaleContextCallerIdentity();
    }
  }

  /** A caller inside a transaction Spring manages on its thread shares with no one. */
  @Configuration(proxyBeanMethods = false)
  @OnClasses("org.springframework.transaction.support.TransactionSynchronizationManager")
  static class Transaction {

    @Bean
    TransactionCallerIdentity transactionCallerIdentity() {
      return new TransactionCallerIdentity();
    }
  }

  /** Every commit of a transaction that may write is a completed write. */
  @Configuration(proxyBeanMethods = false)
  @OnClasses("org.springframework.transaction.ConfigurableTransactionManager")
  static class Commits {

    @Bean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    static CommittedWrites collapseCommittedWrites(
        ObjectProvider<CompletedWrites> collapseCompletedWrites) {
      return new CommittedWrites(collapseCompletedWrites.getObject());
    }
  }

  /** A subscriber inside a reactive transaction shares with no one. */
  @Configuration(proxyBeanMethods = false)
  @OnClasses({
    "org.springframework.transaction.reactive.TransactionSynchronizationManager",
    "reactor.core.publisher.Mono"
  })
  static class ReactiveTransaction {

    @Bean
    ReactiveTransactionCallerIdentity reactiveTransactionCallerIdentity() {
      return new ReactiveTransactionCallerIdentity();
    }
  }

  /** The principal of Spring Security's context tells callers apart. */
  @Configuration(proxyBeanMethods = false)
  @OnClasses("org.springframework.security.core.context.SecurityContextHolder")
  static class Security {

    @Bean
    SecurityContextCallerIdentity securityContextCallerIdentity() {
      return new SecurityContextCallerIdentity();
    }
  }

  /** The principal of Spring Security's reactive context tells subscribers apart. */
  @Configuration(proxyBeanMethods = false)
  @OnClasses({
    "org.springframework.security.core.context.ReactiveSecurityContextHolder",
    "reactor.core.publisher.Mono"
  })
  static class ReactiveSecurity {

    @Bean
    ReactiveSecurityContextCallerIdentity reactiveSecurityContextCallerIdentity() {
      return new ReactiveSecurityContextCallerIdentity();
    }
  }

  /**
   * Results copied through the application's JSON mapper, for the methods that ask, under one
   * name on either Jackson: the mapper the application configured, Jackson 3's (Spring Boot 4)
   * before Jackson 2's (Spring Boot 3); with neither, Jackson 3's shared mapper where it is on
   * the class path, else a plain Jackson 2 one. An application on Jackson 2 that has Jackson 3 on
   * its class path as well (another library brought it) keeps its own mapper, with the modules
   * and settings its results need.
   */
  @Configuration(proxyBeanMethods = false)
  @OnClasses("tools.jackson.databind.json.JsonMapper")
  static class Jackson3 {

    @Bean(JacksonResultCopier.BEAN_NAME)
    @Conditional(NoCopierNamedJackson.class)
    ResultCopier jacksonResultCopier(ObjectProvider<JsonMapper> mapper, ListableBeanFactory beans) {
      JsonMapper own = mapper.getIfAvailable();
      if (own == null
          && ClassUtils.isPresent(
              "com.fasterxml.jackson.databind.ObjectMapper",
              CollapsingConfiguration.class.getClassLoader())) {
        ResultCopier jackson2 = Jackson2Beans.copier(beans);
        if (jackson2 != null) {
          return jackson2;
        }
      }
      return new JacksonResultCopier(own != null ? own : JsonMapper.shared());
    }
  }

  /** The application's Jackson 2 mapper; loaded only where Jackson 2 is on the class path. */
  static final class Jackson2Beans {

    private Jackson2Beans() {}

    /** Returns a copier of the application's {@code ObjectMapper} bean, or {@code null}. */
    static @Nullable ResultCopier copier(ListableBeanFactory beans) {
      ObjectMapper mapper = beans.getBeanProvider(ObjectMapper.class).getIfUnique();
      return mapper == null ? null : new Jackson2ResultCopier(mapper);
    }
  }

  @Configuration(proxyBeanMethods = false)
  @OnClasses(
      value = "com.fasterxml.jackson.databind.ObjectMapper",
      absent = "tools.jackson.databind.json.JsonMapper")
  static class Jackson2 {

    @Bean(JacksonResultCopier.BEAN_NAME)
    @Conditional(NoCopierNamedJackson.class)
    Jackson2ResultCopier jacksonResultCopier(ObjectProvider<ObjectMapper> mapper) {
      return new Jackson2ResultCopier(mapper.getIfAvailable(ObjectMapper::new));
    }
  }

  /**
   * Leaves the name {@value JacksonResultCopier#BEAN_NAME} to a bean the application defines
   * under it: checked as the beans are registered, after the application's own where they come
   * first (Spring Boot's auto-configuration).
   */
  static final class NoCopierNamedJackson implements ConfigurationCondition {

    @Override
    public ConfigurationPhase getConfigurationPhase() {
      return ConfigurationPhase.REGISTER_BEAN;
    }

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
      return !context.getRegistry().containsBeanDefinition(JacksonResultCopier.BEAN_NAME);
    }
  }
}
