package io.github.collapseexecutor.samples.lines;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.env.Environment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * The application on the Spring Boot line of the build: its clients collapse, its annotated
 * methods run collapsed, and the meters and the actuator endpoint report it.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Timeout(120)
final class LinesSampleApplicationTest {

  private static final int CALLERS = 50;
  private static final GatedBackend BACKEND = startBackend();

  @Autowired private RestClient restClient;
  @Autowired private WebClient webClient;
  @Autowired private Greetings greetings;
  @Autowired private MeterRegistry meters;
  @Autowired private Environment environment;

  @DynamicPropertySource
  static void backend(DynamicPropertyRegistry properties) {
    properties.add("sample.backend-url", BACKEND::url);
  }

  @AfterAll
  static void stopBackend() {
    BACKEND.close();
  }

  @Test
  void fiftyIdenticalRestClientCallsMakeAtMostFiveBackendCalls() throws Exception {
    List<Object> bodies =
        whileTheBackendHolds(() -> restClient.get().uri("/greeting").retrieve().body(String.class));

    assertThat(bodies).hasSize(CALLERS).containsOnly("hello");
    assertThat(BACKEND.calls()).isBetween(1, 5);
  }

  @Test
  void fiftyIdenticalWebClientCallsMakeAtMostFiveBackendCalls() throws Exception {
    List<Object> bodies =
        whileTheBackendHolds(
            () -> webClient.get().uri("/greeting").retrieve().bodyToMono(String.class).block());

    assertThat(bodies).hasSize(CALLERS).containsOnly("hello");
    assertThat(BACKEND.calls()).isBetween(1, 5);
  }

  @Test
  void annotatedMethodsRunCollapsed() throws Exception {
    List<Object> greetingsAndLengths = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      greetingsAndLengths.add(greetings.greet("ada"));
      greetingsAndLengths.add(greetings.length("collapse"));
    }

    assertThat(greetingsAndLengths).containsOnly("hello ada", 8);
    assertThat(greetings.greetingRuns()).isBetween(1, 4);
    assertThat(greetings.batches()).isBetween(1, 4);
    assertThat(meterNames()).contains("collapse.executor.calls", "collapse.executor.batch.size");
  }

  @Test
  void theMetersAndTheActuatorEndpointReportTheClients() throws Exception {
    whileTheBackendHolds(() -> restClient.get().uri("/greeting").retrieve().body(String.class));

    assertThat(meterNames()).contains("collapse.http.requests");
    HttpResponse<String> endpoint =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create(
                            "http://127.0.0.1:"
                                + environment.getProperty("local.server.port")
                                + "/actuator/collapse"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(endpoint.statusCode()).isEqualTo(200);
    assertThat(endpoint.body()).contains("rest-template", "web-client");
    assertThat(SpringBootVersion.getVersion()).isNotNull();
  }

  private List<String> meterNames() {
    return meters.getMeters().stream().map(Meter::getId).map(Meter.Id::getName).toList();
  }

  /**
   * Runs {@code call} on {@value #CALLERS} threads at once, and opens the backend only when every
   * thread waits (for the backend, or for the call it joined) or is done.
   */
  private static List<Object> whileTheBackendHolds(Callable<Object> call) throws Exception {
    BACKEND.reset();
    ConcurrentLinkedQueue<Object> results = new ConcurrentLinkedQueue<>();
    List<Thread> callers = new ArrayList<>();
    for (int i = 0; i < CALLERS; i++) {
      Thread caller =
          new Thread(
              () -> {
                try {
                  results.add(call.call());
                } catch (Exception e) {
                  results.add(e);
                }
              });
      caller.start();
      callers.add(caller);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while ((BACKEND.calls() == 0 || !allWaiting(callers)) && System.nanoTime() < deadline) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
    BACKEND.open();
    for (Thread caller : callers) {
      caller.join(TimeUnit.SECONDS.toMillis(30));
    }
    return new ArrayList<>(results);
  }

  private static boolean allWaiting(List<Thread> threads) {
    return threads.stream()
        .map(Thread::getState)
        .allMatch(
            state ->
                state == Thread.State.WAITING
                    || state == Thread.State.TIMED_WAITING
                    || state == Thread.State.TERMINATED);
  }

  private static GatedBackend startBackend() {
    try {
      return new GatedBackend();
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
