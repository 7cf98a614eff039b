package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.servlet.CollapseServletFilter;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.JoinedCallers;
import io.micrometer.common.KeyValue;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import jakarta.servlet.DispatcherType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * A route whose handler throws, in a Spring Boot application (Tomcat, Spring MVC, Boot's error
 * page for a browser, Boot's own {@code http.server.requests}): with collapse on, every one of many identical
 * requests at once is counted under the route's pattern, with its status and exception, as
 * without collapse, never under Boot's {@code /error}.
 *
 * <p>The request that runs the handler first fails alone; the requests that waited for it run
 * the chain themselves, each on an {@code ASYNC} dispatch, and Tomcat renders each failure with
 * an {@code ERROR} dispatch to Boot's error controller while the request is still asynchronous,
 * that is before Spring's observation of it stops: that dispatch notes {@code /error} as its
 * path pattern.
 */
@Timeout(90)
final class FailingRouteObservationTest {

  private static final int N = 24;

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(20))
          .build();

  @ParameterizedTest(name = "collapse on: {0}")
  @ValueSource(booleans = {true, false})
  void everyRequestOfAFailingRouteIsCountedUnderTheRoute(boolean collapse) throws Exception {
    try (ConfigurableApplicationContext app = FailingApp.start(collapse)) {
      int port = app.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
      ServerRequests observed = app.getBean(ServerRequests.class);

      List<HttpResponse<String>> responses = Concurrently.run(N, () -> get(port, "/fail/7"));

      assertThat(responses)
          .allSatisfy(
              response -> {
                assertThat(response.statusCode()).isEqualTo(500);
                assertThat(response.body()).contains("Whitelabel Error Page");
              });
      assertThat(observed.await(N))
          .as("stopped observations")
          .hasSize(N)
          .containsOnly(
              Map.of(
                  "method",
                  "GET",
                  "uri",
                  "/fail/{id}",
                  "status",
                  "500",
                  "outcome",
                  "SERVER_ERROR",
                  "exception",
                  "IllegalStateException"));
      MeterRegistry meters = app.getBean(MeterRegistry.class);
      assertThat(awaitCount(meters, N)).as("http.server.requests of /fail/{id}").isEqualTo(N);
      assertThat(meters.find("http.server.requests").tag("uri", "/error").timers()).isEmpty();
      if (collapse) {
        assertThat(app.getBean(CollapseServletFilter.class).stats().fellBack())
            .as("requests that waited for the failed one and ran the chain themselves")
            .isEqualTo(N - 1);
      }
    }
  }

  private HttpResponse<String> get(int port, String path) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Accept", "text/html")
            .timeout(Duration.ofSeconds(30))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  /**
   * Returns the count of the route's timer once it reached {@code count}, or what it has after
   * 20 s. Each observation has stopped already; the meter handler may hear of the last stop
   * just after the test's handler, as a registry tells its handlers in reverse order.
   */
  private static long awaitCount(MeterRegistry meters, int count) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (true) {
      Timer timer =
          meters
              .find("http.server.requests")
              .tag("uri", "/fail/{id}")
              .tag("status", "500")
              .tag("exception", "IllegalStateException")
              .timer();
      long counted = timer == null ? 0 : timer.count();
      if (counted >= count || System.nanoTime() > deadline) {
        return counted;
      }
      Thread.sleep(10);
    }
  }

  /** The low-cardinality key values of every {@code http.server.requests} that stopped. */
  static final class ServerRequests implements ObservationHandler<ServerRequestObservationContext> {

    private final ConcurrentLinkedQueue<Map<String, String>> stopped =
        new ConcurrentLinkedQueue<>();
    private final CountDownLatch all = new CountDownLatch(N);

    @Override
    public boolean supportsContext(Observation.Context context) {
      return context instanceof ServerRequestObservationContext;
    }

    @Override
    public void onStop(ServerRequestObservationContext context) {
      Map<String, String> keyValues = new TreeMap<>();
      for (KeyValue keyValue : context.getLowCardinalityKeyValues()) {
        keyValues.put(keyValue.getKey(), keyValue.getValue());
      }
      stopped.add(keyValues);
      all.countDown();
    }

    /** Waits, at most 30 s, for {@code count} stops; returns those seen. */
    List<Map<String, String>> await(int count) throws InterruptedException {
      all.await(30, TimeUnit.SECONDS);
      return List.copyOf(stopped);
    }
  }

  /**
   * A Spring Boot web application with a route that fails once every request of the test waits
   * for its first run, and, with {@code collapse=true}, the collapse filter on every path,
   * registered as the auto-configuration registers it.
   */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class FailingApp {

    static ConfigurableApplicationContext start(boolean collapse) {
      return new SpringApplicationBuilder(FailingApp.class)
          .run(
              "--server.address=127.0.0.1",
              "--server.port=0",
              "--spring.main.banner-mode=off",
              // Spring Security's auto-configuration too, which this module's tests leave out
              "--spring.autoconfigure.exclude=",
              "--logging.level.root=off",
              "--collapse=" + collapse);
    }

    /** Spring Security is on the class path, as in most applications: every path is public. */
    @Bean
    SecurityFilterChain everyPathPermitted(HttpSecurity http) throws Exception {
      return http.authorizeHttpRequests(paths -> paths.anyRequest().permitAll()).build();
    }

    @Bean
    ServerRequests serverRequests() {
      return new ServerRequests();
    }

    @Bean
    JoinedCallers joined() {
      return new JoinedCallers(N - 1);
    }

    @Bean
    CollapseServletFilter collapseFilter(JoinedCallers joined) {
      return new CollapseServletFilter(
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/**"))
              .observations(joined)
              .build());
    }

    @Bean
    FilterRegistrationBean<CollapseServletFilter> collapseRegistration(
        CollapseServletFilter filter, Environment environment) {
      FilterRegistrationBean<CollapseServletFilter> registration =
          new FilterRegistrationBean<>(filter);
      registration.setEnabled(environment.getRequiredProperty("collapse", Boolean.class));
      registration.setAsyncSupported(true);
      registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC);
      registration.setOrder(Ordered.LOWEST_PRECEDENCE - 10);
      return registration;
    }

    @Bean
    Routes routes(JoinedCallers joined, Environment environment) {
      return new Routes(joined, environment.getRequiredProperty("collapse", Boolean.class));
    }
  }

  @RestController
  static final class Routes {

    private final JoinedCallers joined;
    private final boolean gated;

    Routes(JoinedCallers joined, boolean gated) {
      this.joined = joined;
      this.gated = gated;
    }

    @GetMapping("/fail/{id}")
    String fail(@PathVariable("id") String id) throws InterruptedException {
      if (gated) {
        joined.await();
      }
      throw new IllegalStateException("item " + id + " failed");
    }
  }
}
