package io.github.collapseexecutor.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import io.github.collapseexecutor.testing.observation.ObservationStops;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientResponseException;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientResponseException;
import org.springframework.web.util.DefaultUriBuilderFactory;

/**
 * Spring's own {@code http.client.requests} meters of each client, with collapse off and on: a
 * caller that joined another's call is counted with the status, outcome and exception it got,
 * exactly as it would be without collapse, for a success, client and server errors and a refused
 * connection.
 */
@Timeout(120)
final class ClientRequestMetersTest {

  private static final int N = 20;
  private static final String NAME = "http.client.requests";

  /** The clients Spring observes, each making {@code GET /status/{code}} as an application does. */
  enum Client {
    REST_CLIENT,
    REST_TEMPLATE,
    WEB_CLIENT
  }

  static Stream<Arguments> clientsAndStatuses() {
    return Stream.of(Client.values())
        .flatMap(client -> Stream.of(200, 404, 500).map(status -> Arguments.of(client, status)));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("clientsAndStatuses")
  void callersThatJoinedAreCountedAsWithoutCollapse(Client client, int status) throws Exception {
    Map<String, Long> off = meters(client, status, /* collapse= */ false, /* refused= */ false);
    Map<String, Long> on = meters(client, status, /* collapse= */ true, /* refused= */ false);

    assertThat(off.values()).containsExactly((long) N);
    assertThat(on).isEqualTo(off);
  }

  /** No backend holds a refused connection: the callers share the failure when they meet. */
  @ParameterizedTest(name = "{0}")
  @EnumSource(Client.class)
  void callersOfARefusedConnectionAreCountedAsWithoutCollapse(Client client) throws Exception {
    Map<String, Long> off = meters(client, 200, /* collapse= */ false, /* refused= */ true);
    Map<String, Long> on = meters(client, 200, /* collapse= */ true, /* refused= */ true);

    assertThat(off.values()).containsExactly((long) N);
    assertThat(off.keySet())
        .singleElement()
        .asString()
        .contains("status=CLIENT_ERROR")
        .doesNotContain("exception=none");
    assertThat(on).isEqualTo(off);
  }

  /**
   * Makes {@code N} concurrent identical calls, to the backend or to a port that refuses
   * connections; returns the count of each meter {@code http.client.requests} by its tags, once
   * every caller's observation stopped.
   */
  private static Map<String, Long> meters(
      Client client, int status, boolean collapse, boolean refused) throws Exception {
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    // WebClient stops its observation just after it handed out the response: wait for them all
    ObservationStops stops = new ObservationStops(NAME);
    stops.expect(N);
    ObservationRegistry registry = ObservationStops.registryWith(stops);
    registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
    try (MeetingBackend backend = new MeetingBackend();
        Socket closed = refused ? closedPort() : null) {
      HttpCollapseOptions options =
          collapse
              ? HttpCollapseOptions.builder()
                  .name("statuses")
                  .group(CollapseGroup.ofUris("/status/*"))
                  .observations(CollapseObservations.of(registry))
                  .build()
              : null;
      String baseUrl = refused ? "http://127.0.0.1:" + closed.getLocalPort() : backend.baseUrl();
      List<Object> results = backend.meet(N, caller(client, baseUrl, registry, options, status));

      if (!refused) {
        assertThat(results).extracting(ClientRequestMetersTest::statusOf).containsOnly(status);
        assertThat(backend.calls()).isEqualTo(collapse ? 1 : N);
      }
    }
    stops.await();
    return meters.find(NAME).timers().stream()
        .collect(Collectors.toMap(timer -> timer.getId().getTags().toString(), Timer::count));
  }

  private static Callable<?> caller(
      Client client,
      String baseUrl,
      ObservationRegistry registry,
      HttpCollapseOptions options,
      int status) {
    switch (client) {
      case REST_CLIENT -> {
        RestClient.Builder builder =
            RestClient.builder()
                .baseUrl(baseUrl)
                .requestFactory(new JdkClientHttpRequestFactory())
                .observationRegistry(registry);
        if (options != null) {
          builder.requestInterceptor(new CollapseHttpRequestInterceptor(options));
        }
        RestClient rest = builder.build();
        return () -> rest.get().uri("/status/{code}", status).retrieve().toEntity(String.class);
      }
      case REST_TEMPLATE -> {
        RestTemplate rest = new RestTemplate(new JdkClientHttpRequestFactory());
        rest.setUriTemplateHandler(new DefaultUriBuilderFactory(baseUrl));
        rest.setObservationRegistry(registry);
        if (options != null) {
          rest.getInterceptors().add(new CollapseHttpRequestInterceptor(options));
        }
        return () -> rest.getForEntity("/status/{code}", String.class, status);
      }
      default -> {
        WebClient.Builder builder =
            WebClient.builder().baseUrl(baseUrl).observationRegistry(registry);
        if (options != null) {
          builder.filter(new CollapseExchangeFilterFunction(options));
        }
        WebClient web = builder.build();
        return () ->
            web.get()
                .uri("/status/{code}", status)
                .retrieve()
                .toEntity(String.class)
                .block(Duration.ofSeconds(20));
      }
    }
  }

  /**
   * Returns a socket bound to a loopback port that does not listen: connections to the port are
   * refused for as long as it is open. A port found free and let go could be taken meanwhile by
   * a server of another build on the same machine.
   */
  private static Socket closedPort() throws IOException {
    Socket socket = new Socket();
    try {
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    } catch (IOException e) {
      socket.close();
      throw e;
    }
    return socket;
  }

  /** Returns the status a caller got, as a response or as its client's exception. */
  private static Object statusOf(Object result) {
    if (result instanceof ResponseEntity<?> entity) {
      return entity.getStatusCode().value();
    }
    if (result instanceof RestClientResponseException error) {
      return error.getStatusCode().value();
    }
    if (result instanceof WebClientResponseException error) {
      return error.getStatusCode().value();
    }
    return result;
  }
}
