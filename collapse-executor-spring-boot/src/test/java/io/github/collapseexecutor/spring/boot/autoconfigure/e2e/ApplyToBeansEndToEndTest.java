package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.testing.http.Concurrently;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.web.client.RestClient;

/**
 * {@code apply-to-beans} against a real backend: of two RestClient beans built alike, the one it
 * names collapses identical concurrent calls and the other makes every call. Each bean counts its
 * callers down before the collapse interceptor, and the backend holds the first call until all
 * arrived.
 */
@SpringBootTest(
    classes = ApplyToBeansEndToEndTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = {
      "collapse.executor.rest-template.apply-to-beans=chosen",
      "collapse.executor.rest-template.collapse-groups[0].uris=/user/*"
    })
final class ApplyToBeansEndToEndTest {

  private static final int N = 8;
  @RegisterExtension static final GatedBackend backend = new GatedBackend();
  private static volatile CountDownLatch arrivals = new CountDownLatch(0);

  @Autowired
  @Qualifier("chosen")
  private RestClient chosen;

  @Autowired
  @Qualifier("unchosen")
  private RestClient unchosen;

  @Autowired private CollapseHttpRequestInterceptor interceptor;

  @Test
  @Timeout(30)
  void theChosenBeanCollapsesAndTheOtherDoesNot() throws Exception {
    int chosenCallsBefore = backend.calls("/user/1");
    int unchosenCallsBefore = backend.calls("/user/2");
    long seenBefore = seen();
    long replayedBefore = interceptor.stats().replayed();

    expectArrivals(N);
    List<String> fromChosen =
        Concurrently.run(
            N, () -> chosen.get().uri(backend.baseUrl() + "/user/1").retrieve().body(String.class));

    int chosenCalls = backend.calls("/user/1") - chosenCallsBefore;
    assertThat(fromChosen).containsOnly("answer");
    assertThat(chosenCalls).isBetween(1, N - 1);
    assertThat(interceptor.stats().replayed() - replayedBefore).isEqualTo(N - chosenCalls);

    expectArrivals(N);
    List<String> fromUnchosen =
        Concurrently.run(
            N,
            () -> unchosen.get().uri(backend.baseUrl() + "/user/2").retrieve().body(String.class));

    assertThat(fromUnchosen).containsOnly("answer");
    assertThat(backend.calls("/user/2") - unchosenCallsBefore).isEqualTo(N);
    assertThat(seen() - seenBefore)
        .as("the interceptor never saw the unchosen bean's calls")
        .isEqualTo(N);
  }

  private long seen() {
    return interceptor.stats().passedThrough()
        + interceptor.stats().led()
        + interceptor.stats().replayed()
        + interceptor.stats().fellBack();
  }

  private static void expectArrivals(int callers) {
    arrivals = new CountDownLatch(callers);
    backend.holdUntil(arrivals);
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {

    private static final ClientHttpRequestInterceptor ARRIVED =
        (request, body, execution) -> {
          arrivals.countDown();
          return execution.execute(request, body);
        };

    @Bean
    RestClient chosen() {
      return RestClient.builder().requestInterceptor(ARRIVED).build();
    }

    @Bean
    RestClient unchosen() {
      return RestClient.builder().requestInterceptor(ARRIVED).build();
    }
  }
}
