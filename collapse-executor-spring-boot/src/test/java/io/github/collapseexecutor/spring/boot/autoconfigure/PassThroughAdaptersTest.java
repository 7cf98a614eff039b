package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.grpc.CollapseClientInterceptor;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.adapter.HttpCollapseAdapter;
import io.github.collapseexecutor.okhttp.CollapseInterceptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseEndpoint;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseEndpointAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.grpc.CollapseGrpcClientAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.metrics.CollapseMetricsAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.okhttp.CollapseOkHttpAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.webclient.CollapseWebClientAutoConfiguration;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.IdentityEchoBackend;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * With collapse off, everywhere or in one section, the adapter beans an application injects still
 * exist, as pass-through adapters: the application starts, and its requests reach the backend as
 * if no adapter were there, with no executor, thread, meter or endpoint entry. A section that is
 * on keeps its real adapter, and a bean of the application's own always wins.
 */
@Timeout(60)
final class PassThroughAdaptersTest {

  private static final int CALLERS = 6;
  private static final Duration BOUND = Duration.ofSeconds(20);
  private static final IdentityEchoBackend backend = new IdentityEchoBackend();
  private static String baseUrl;

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class,
                  CollapseWebClientAutoConfiguration.class,
                  CollapseOkHttpAutoConfiguration.class,
                  CollapseGrpcClientAutoConfiguration.class,
                  CollapsePassThroughAutoConfiguration.class,
                  CollapseMetricsAutoConfiguration.class,
                  CollapseEndpointAutoConfiguration.class))
          .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
          .withPropertyValues(
              "collapse.executor.rest-template.collapse-groups[0].uris=/whoami/**",
              "collapse.executor.web-client.collapse-groups[0].uris=/whoami/**");

  @BeforeAll
  static void startBackend() {
    baseUrl = backend.start();
  }

  @AfterAll
  static void stopBackend() {
    backend.stop();
  }

  @Test
  void withCollapseOffEveryAdapterBeanStaysInjectable() {
    runner
        .withPropertyValues("collapse.executor.enabled=false")
        .run(
            context -> {
              assertThat(context)
                  .hasNotFailed()
                  .hasSingleBean(CollapseHttpRequestInterceptor.class)
                  .hasSingleBean(CollapseExchangeFilterFunction.class)
                  .hasSingleBean(CollapseInterceptor.class)
                  .hasSingleBean(CollapseClientInterceptor.class)
                  .doesNotHaveBean(CollapseExecutors.class)
                  .doesNotHaveBean(CollapseEndpoint.class);
              assertThat(
                      context.getBean(MeterRegistry.class).find("collapse.http.requests").meters())
                  .isEmpty();
            });
  }

  @Test
  void withCollapseOffRestClientCallsPassThroughUncollapsedOnNoThreadOfItsOwn() {
    runner
        .withPropertyValues("collapse.executor.enabled=false")
        .run(
            context -> {
              CollapseHttpRequestInterceptor collapse =
                  context.getBean(CollapseHttpRequestInterceptor.class);
              RestClient client =
                  RestClient.builder().baseUrl(baseUrl).requestInterceptor(collapse).build();

              int calls =
                  round(
                      () ->
                          client.get().uri(IdentityEchoBackend.PATH).retrieve().body(String.class));

              assertThat(calls).isEqualTo(CALLERS);
              assertPassedThroughOnly(collapse);
            });
  }

  @Test
  void withASectionOffItsWebClientFilterPassesThroughAndTheOthersCollapse() {
    runner
        .withPropertyValues("collapse.executor.web-client.enabled=false")
        .run(
            context -> {
              CollapseExchangeFilterFunction collapse =
                  context.getBean(CollapseExchangeFilterFunction.class);
              WebClient client = WebClient.builder().baseUrl(baseUrl).filter(collapse).build();

              int calls =
                  round(
                      () ->
                          client
                              .get()
                              .uri(IdentityEchoBackend.PATH)
                              .retrieve()
                              .bodyToMono(String.class)
                              .block(BOUND));

              assertThat(calls).isEqualTo(CALLERS);
              assertPassedThroughOnly(collapse);
              assertThat(context.getBean(CollapseExecutors.class).list())
                  .extracting(CollapseExecutorDescriptor::integration)
                  .contains(CollapseRestClientAutoConfiguration.INTEGRATION)
                  .doesNotContain(CollapseWebClientAutoConfiguration.INTEGRATION);
            });
  }

  @Test
  void withASectionOnItsAdapterIsTheRealOne() {
    runner.run(
        context ->
            assertThat(context.getBean(CollapseExecutors.class).list())
                .extracting(CollapseExecutorDescriptor::integration)
                .contains(
                    CollapseRestClientAutoConfiguration.INTEGRATION,
                    CollapseWebClientAutoConfiguration.INTEGRATION));
  }

  @Test
  void anAdapterBeanOfTheApplicationsOwnWinsOverThePassThroughOne() {
    CollapseHttpRequestInterceptor mine =
        new CollapseHttpRequestInterceptor(HttpCollapseOptions.builder().build());
    runner
        .withPropertyValues("collapse.executor.enabled=false")
        .withBean(CollapseHttpRequestInterceptor.class, () -> mine)
        .run(
            context ->
                assertThat(context).getBean(CollapseHttpRequestInterceptor.class).isSameAs(mine));
  }

  @Test
  void withCollapseOffNoGrpcChannelTakesTheInterceptorByItself() {
    runner
        .withPropertyValues("collapse.executor.enabled=false")
        .run(
            context ->
                assertThat(
                        context.getBeanNamesForAnnotation(
                            org.springframework.grpc.client.GlobalClientInterceptor.class))
                    .isEmpty());
  }

  /** Runs a round of identical calls; returns how many reached the backend. */
  private static int round(Callable<String> call) throws Exception {
    Set<String> threadsBefore = collapseThreads();
    int before = backend.calls();
    backend.arrivals().expect(CALLERS);
    List<String> answers =
        Concurrently.run(
            CALLERS,
            () -> {
              backend.arrivals().arrive();
              return call.call();
            });
    assertThat(answers).hasSize(CALLERS);
    assertThat(collapseThreads()).isSubsetOf(threadsBefore);
    return backend.calls() - before;
  }

  /** The threads of collapse executors' own pools, which a pass-through adapter never starts. */
  private static Set<String> collapseThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .map(Thread::getName)
        .filter(name -> name.startsWith("collapse-"))
        .collect(Collectors.toSet());
  }

  private static void assertPassedThroughOnly(HttpCollapseAdapter<?> collapse) {
    assertThat(collapse.stats().passedThrough()).isEqualTo(CALLERS);
    assertThat(collapse.stats().led()).isZero();
    assertThat(collapse.stats().replayed()).isZero();
  }
}
