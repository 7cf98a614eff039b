package io.github.collapseexecutor.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.BlockingCallableGroupCollapseExecutor;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.micrometer.CollapseObservations;
import io.github.collapseexecutor.micrometer.HttpCollapseStatsMeterBinder;
import io.github.collapseexecutor.micrometer.MicrometerCollapseListener;
import io.github.collapseexecutor.micrometer.annotation.MicrometerMethodObservers;
import io.github.collapseexecutor.okhttp.CollapseInterceptor;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.annotation.CollapseBatch;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.annotation.EnableCollapsing;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.aop.support.AopUtils;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.cloud.client.loadbalancer.LoadBalanced;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * The Java snippets of docs/spring-boot.md, as written there (DocSnippetsTest holds them to the
 * page), compiled and started: each annotated method passes the startup check and is proxied.
 */
final class SpringBootDocExamplesTest {

  record Profile(long userId) {}

  record User(long id) {}

  record Cart(long id, List<String> items) {}

  static final class ProfileClient {
    final AtomicInteger loads = new AtomicInteger();

    Profile load(long userId) {
      loads.incrementAndGet();
      return new Profile(userId);
    }
  }

  static final class UserRepository {
    Map<Long, User> findAllById(List<Long> ids) {
      return ids.stream().collect(Collectors.toMap(id -> id, User::new));
    }
  }

  static final class Carts {
    Cart load(long id) {
      return new Cart(id, List.of("book"));
    }
  }

  static class Annotations {
    final ProfileClient profileClient = new ProfileClient();
    final UserRepository repository = new UserRepository();

    // docs/spring-boot.md: Annotations
    // spotless:off: the docs show this code as written here
    @Collapsible                                      // same key: 200 callers, one load
    public Profile profile(long userId) { return profileClient.load(userId); }

    @CollapseBatch(batchMethod = "users", executor = "users")
    public User user(Long id) { return users(List.of(id)).get(id); }   // many user(id), one users(ids)

    public Map<Long, User> users(List<Long> ids) { return repository.findAllById(ids); }
    // spotless:on
  }

  static class Keys {
    final ProfileClient profileClient = new ProfileClient();

    // docs/spring-boot.md: @Collapsible keys
    // spotless:off: the docs show this code as written here
    @Collapsible(key = "#p0")                          // the trace id does not change the answer
    public Profile profile(long userId, String traceId) { return profileClient.load(userId); }
    // spotless:on
  }

  static class Copies {
    final Carts carts = new Carts();

    // docs/spring-boot.md: Results are shared, not copied
    // spotless:off: the docs show this code as written here
    @Collapsible(resultCopier = "jacksonResultCopier")   // or a bean of your own:
    public Cart cart(long id) { return carts.load(id); }  // (result, type) -> ((Cart) result).deepCopy()
    // spotless:on
  }

  @Configuration(proxyBeanMethods = false)
  static class Wiring {

    // docs/spring-boot.md: Wiring the clients
    // spotless:off: the docs show this code as written here
    @Bean
    RestClient users(RestClient.Builder builder, CollapseHttpRequestInterceptor collapse) {
      return builder.baseUrl("https://users.internal").requestInterceptor(collapse).build();
    }
    // spotless:on
  }

  /** Compiled only: no test starts it. */
  @Configuration(proxyBeanMethods = false)
  static class LoadBalancedWiring {

    // docs/spring-boot.md: Wiring the clients, load-balanced clients
    // spotless:off: the docs show this code as written here
    @Bean
    @LoadBalanced
    WebClient.Builder usersService(CollapseExchangeFilterFunction collapse) {
      return WebClient.builder().filter(collapse);
    }
    // spotless:on
  }

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseAnnotationAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class))
          .withPropertyValues("collapse.executor.executors.users.max-batch-size=50");

  static HttpCollapseStatsMeterBinder meters(
      MeterRegistry registry, HttpCollapseOptions options, CollapseInterceptor interceptor) {
    // docs/spring-boot.md: Metrics
    // spotless:off: the docs show this code as written here
    // an executor's collapse.executor.* meters
    BlockingCallableGroupCollapseExecutor profiles = new BlockingCallableGroupCollapseExecutor(
        "profiles", new MicrometerCollapseListener(registry, "core"));
    // an HTTP adapter's collapse.http.* counters: the options it was built from, and its stats
    new HttpCollapseStatsMeterBinder("okhttp", options, interceptor.stats()).bindTo(registry);
    // spotless:on
    assertThat(profiles.execute("profile:1", () -> "profile 1")).isEqualTo("profile 1");
    return new HttpCollapseStatsMeterBinder("okhttp", options, interceptor.stats());
  }

  @Test
  void theMetricsSnippetRegistersTheMeters() {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    HttpCollapseOptions options = HttpCollapseOptions.builder().build();
    meters(registry, options, new CollapseInterceptor(options));
    assertThat(registry.getMeters())
        .extracting(meter -> meter.getId().getName())
        .anyMatch(name -> name.startsWith("collapse.executor."))
        .anyMatch(name -> name.startsWith("collapse.http."));
  }

  @Test
  void thePlainSpringSnippetCollapsesWithoutSpringBoot() {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(AppConfiguration.class, Keys.class)) {
      Keys keys = context.getBean(Keys.class);
      assertThat(AopUtils.isAopProxy(keys)).isTrue();
      assertThat(keys.profile(7, "trace-1")).isEqualTo(new Profile(7));
    }
  }

  @Test
  void theObserverSnippetObservesEachRunWithoutSpringBoot() {
    TestObservationRegistry registry = TestObservationRegistry.create();
    try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext()) {
      context.registerBean(ObservationRegistry.class, () -> registry);
      context.register(AppConfiguration.class, ObserverConfiguration.class, Keys.class);
      context.refresh();
      assertThat(context.getBean(Keys.class).profile(7, "trace-1")).isEqualTo(new Profile(7));
    }
    TestObservationRegistryAssert.assertThat(registry)
        .hasObservationWithNameEqualTo("collapse.call");
  }

  @Test
  void theAnnotatedSnippetsStartAndAnswer() {
    runner
        .withBean(Annotations.class)
        .withBean(Keys.class)
        .withBean(Copies.class)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              Annotations annotations = context.getBean(Annotations.class);
              assertThat(AopUtils.isAopProxy(annotations)).isTrue();
              assertThat(annotations.profile(7)).isEqualTo(new Profile(7));
              assertThat(annotations.user(3L)).isEqualTo(new User(3));
              assertThat(context.getBean(Keys.class).profile(7, "trace-1"))
                  .isEqualTo(new Profile(7));
              assertThat(context.getBean(Copies.class).cart(2))
                  .isEqualTo(new Cart(2, List.of("book")));
            });
  }

  @Test
  void theWiringSnippetAddsTheInterceptor() {
    runner
        .withBean(RestClient.Builder.class, RestClient::builder)
        .withUserConfiguration(Wiring.class)
        .run(
            context -> {
              CollapseHttpRequestInterceptor collapse =
                  context.getBean(CollapseHttpRequestInterceptor.class);
              context
                  .getBean("users", RestClient.class)
                  .mutate()
                  .requestInterceptors(
                      interceptors -> assertThat(interceptors).containsExactly(collapse));
            });
  }
}

// docs/spring-boot.md: Annotations, without Spring Boot, observed on Micrometer
@Configuration
class ObserverConfiguration {

  @Bean
  MethodObserver collapseMethodObserver(ObservationRegistry registry) {
    // .withConvention(convention) for a CollapseObservationConvention of your own
    return MicrometerMethodObservers.observing(CollapseObservations.of(registry));
  }
}

// docs/spring-boot.md: Annotations, without Spring Boot
@Configuration
@EnableCollapsing
class AppConfiguration {

  @Bean
  NamedExecutors namedExecutors() { // optional: the executors the annotations name
    return new NamedExecutors(
        Map.of(
            "default",
            NamedExecutor.builder(
                    "default", CollapseExecutorOptions.builder().name("default").build())
                .timeout(Duration.ofSeconds(2))
                .build()));
  }
}
