package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.spring.boot.autoconfigure.LineFixtures;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.ExecutorDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.GroupDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseEndpoint;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.http.client.support.BasicAuthenticationInterceptor;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;

/**
 * RestClient and RestTemplate against a real backend, configured by a YAML with a section per
 * adapter: identical concurrent calls collapse, the first held at the backend until every caller
 * has passed an interceptor placed before the collapse interceptor.
 */
@SpringBootTest(
    classes = RestClientEndToEndTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = "collapse.executor.rest-template.customize-rest-client-builder=true")
@ActiveProfiles("sections")
final class RestClientEndToEndTest {

  private static final int N = 8;
  private static final GatedBackend backend = new GatedBackend();

  @Autowired private RestClient.Builder restClientBuilder;

  @Autowired private ApplicationContext context;

  @Autowired private CollapseHttpRequestInterceptor interceptor;

  @Autowired private MeterRegistry registry;

  @Autowired private CollapseEndpoint endpoint;

  @BeforeAll
  static void startBackend() {
    backend.start();
  }

  @AfterAll
  static void stopBackend() {
    backend.stop();
  }

  @Test
  void bootRestClientBuilderCollapsesConcurrentIdenticalCalls() throws Exception {
    Arrivals arrivals = new Arrivals(N);
    RestClient client =
        restClientBuilder
            .baseUrl(backend.baseUrl())
            .requestInterceptors(interceptors -> interceptors.add(0, arrivals))
            .build();
    long replayedBefore = interceptor.stats().replayed();

    List<String> bodies =
        Concurrently.run(N, () -> client.get().uri("/user/1").retrieve().body(String.class));

    assertThat(bodies).hasSize(N).containsOnly("answer");
    assertThat(backend.calls("/user/1")).isBetween(1, N - 1);
    assertThat(interceptor.stats().replayed() - replayedBefore)
        .isEqualTo(N - backend.calls("/user/1"));
    assertThat(
            registry
                .get("collapse.executor.batch.size")
                .tag("integration", "rest-template")
                .summary()
                .max())
        .isGreaterThan(1);
    assertThat(
            registry
                .get("collapse.http.requests")
                .tag("integration", "rest-template")
                .tag("outcome", "replayed")
                .functionCounter()
                .count())
        .isPositive();
  }

  @Test
  void anInterceptorAddedToTheBootBuilderAfterwardsTurnsCollapseOffForThatClient()
      throws Exception {
    RestClient client =
        restClientBuilder
            .baseUrl(backend.baseUrl())
            .requestInterceptor(new BasicAuthenticationInterceptor("user", "secret"))
            .build();
    long passedThroughBefore = interceptor.stats().passedThrough();
    int callsBefore = backend.calls("/user/3");

    List<String> bodies =
        Concurrently.run(N, () -> client.get().uri("/user/3").retrieve().body(String.class));

    assertThat(bodies).hasSize(N).containsOnly("answer");
    assertThat(backend.calls("/user/3") - callsBefore).isEqualTo(N);
    assertThat(interceptor.stats().passedThrough() - passedThroughBefore).isEqualTo(N);
  }

  @Test
  void handWiredRestTemplateCollapsesByTheNamedPolicy() throws Exception {
    Arrivals arrivals = new Arrivals(N);
    RestTemplate template =
        LineFixtures.restTemplates(context).additionalInterceptors(arrivals, interceptor).build();
    AtomicInteger caller = new AtomicInteger();

    // sample-policy1 keys on the 'sample' query parameter alone: 'caller' differs, still shared
    List<String> bodies =
        Concurrently.run(
            N,
            () ->
                template.getForObject(
                    backend.baseUrl() + "/samples/7?sample=a&caller=" + caller.incrementAndGet(),
                    String.class));

    assertThat(bodies).containsOnly("answer");
    assertThat(backend.calls("/samples/7")).isBetween(1, N - 1);
  }

  @Test
  void pathsOutsideEveryGroupPassThrough() throws Exception {
    Arrivals arrivals = new Arrivals(N);
    RestClient client =
        restClientBuilder
            .baseUrl(backend.baseUrl())
            .requestInterceptors(interceptors -> interceptors.add(0, arrivals))
            .build();
    long passedBefore = interceptor.stats().passedThrough();

    Concurrently.run(N, () -> client.get().uri("/orders/1").retrieve().body(String.class));

    assertThat(backend.calls("/orders/1")).isEqualTo(N);
    assertThat(interceptor.stats().passedThrough() - passedBefore).isEqualTo(N);
  }

  @Test
  void endpointAndMetricsShowTheLiveCounts() throws Exception {
    Arrivals arrivals = new Arrivals(N);
    RestClient client =
        restClientBuilder
            .baseUrl(backend.baseUrl())
            .requestInterceptors(interceptors -> interceptors.add(0, arrivals))
            .build();
    Concurrently.run(N, () -> client.get().uri("/test/noop-1").retrieve().body(String.class));

    HttpCollapseStats stats = interceptor.stats();
    ExecutorDescription rest =
        endpoint.collapse().executors().stream()
            .filter(executor -> executor.integration().equals("rest-template"))
            .findFirst()
            .orElseThrow();
    assertThat(rest.traffic().counts().replayed()).isEqualTo(stats.replayed()).isPositive();
    assertThat(rest.traffic().requests())
        .isEqualTo(stats.passedThrough() + stats.led() + stats.replayed() + stats.fellBack());
    assertThat(rest.traffic().backendCalls())
        .isEqualTo(rest.traffic().requests() - stats.replayed());
    assertThat(rest.traffic().collapseRatio()).isBetween(0.0, 1.0).isPositive();
    assertThat(rest.groups()).hasSize(2);
    assertThat(rest.groups().get(1).collapsePolicyName()).isEqualTo("sample-policy1");
    assertThat(
            registry
                .get("collapse.http.requests")
                .tag("integration", "rest-template")
                .tag("outcome", "replayed")
                .functionCounter()
                .count())
        .isEqualTo(stats.replayed());
  }

  @Test
  void endpointCountsEachCollapseGroupApart() throws Exception {
    ExecutorDescription before = restTemplateExecutor();
    int userCallsBefore = backend.calls("/user/77");
    int sampleCallsBefore = backend.calls("/samples/77");
    RestClient client =
        restClientBuilder
            .baseUrl(backend.baseUrl())
            .requestInterceptors(interceptors -> interceptors.add(0, new Arrivals(N)))
            .build();
    Concurrently.run(N, () -> client.get().uri("/user/77").retrieve().body(String.class));
    RestClient samples =
        restClientBuilder
            .baseUrl(backend.baseUrl())
            .requestInterceptors(interceptors -> interceptors.add(0, new Arrivals(N)))
            .build();
    Concurrently.run(
        N, () -> samples.get().uri("/samples/77?sample=a").retrieve().body(String.class));
    samples.get().uri("/orders/77").retrieve().body(String.class);

    ExecutorDescription after = restTemplateExecutor();
    int userCalls = backend.calls("/user/77") - userCallsBefore;
    int sampleCalls = backend.calls("/samples/77") - sampleCallsBefore;
    GroupDescription users = after.groups().get(0);
    GroupDescription sampleGroup = after.groups().get(1);
    assertThat(users.traffic().requests() - before.groups().get(0).traffic().requests())
        .isEqualTo(N);
    assertThat(
            users.traffic().counts().replayed()
                - before.groups().get(0).traffic().counts().replayed())
        .isEqualTo(N - userCalls)
        .isPositive();
    assertThat(users.traffic().backendCalls() - before.groups().get(0).traffic().backendCalls())
        .isEqualTo(userCalls);
    assertThat(sampleGroup.traffic().requests() - before.groups().get(1).traffic().requests())
        .isEqualTo(N);
    assertThat(
            sampleGroup.traffic().counts().replayed()
                - before.groups().get(1).traffic().counts().replayed())
        .isEqualTo(N - sampleCalls)
        .isPositive();
    assertThat(sampleGroup.traffic().collapseRatio()).isBetween(0.0, 1.0).isPositive();
    assertThat(after.traffic().requests() - before.traffic().requests())
        .as("/orders/77 is in no group")
        .isEqualTo(2 * N + 1);
    assertThat(after.traffic().counts().passedThrough() - before.traffic().counts().passedThrough())
        .isEqualTo(1);
  }

  private ExecutorDescription restTemplateExecutor() {
    return endpoint.collapse().executors().stream()
        .filter(executor -> executor.integration().equals("rest-template"))
        .findFirst()
        .orElseThrow();
  }

  /**
   * Counts callers down before the collapse interceptor and holds the backend until all arrived.
   */
  private static final class Arrivals implements ClientHttpRequestInterceptor {

    private final CountDownLatch latch;

    Arrivals(int callers) {
      this.latch = new CountDownLatch(callers);
      backend.holdUntil(latch);
    }

    @Override
    public ClientHttpResponse intercept(
        HttpRequest request, byte[] body, ClientHttpRequestExecution execution) throws IOException {
      latch.countDown();
      return execution.execute(request, body);
    }
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {}
}
