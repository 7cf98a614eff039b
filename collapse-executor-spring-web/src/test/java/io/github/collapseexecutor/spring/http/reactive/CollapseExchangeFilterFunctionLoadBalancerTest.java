package io.github.collapseexecutor.spring.http.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.IdentityEchoBackend;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.ExchangeFilterFunctions;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The filter before a load balancer, a filter after it that sends each request to the instance it
 * picks, as Spring Cloud LoadBalancer's does: requests share on the service URI, and only the
 * instance may change below the filter.
 */
@Timeout(60)
final class CollapseExchangeFilterFunctionLoadBalancerTest {

  private static final int CALLERS = 12;
  private static final Duration TIMEOUT = Duration.ofSeconds(20);
  private static final String SERVICE_URI = "http://users" + IdentityEchoBackend.PATH;

  private final IdentityEchoBackend backend = new IdentityEchoBackend();
  private final CollapseExchangeFilterFunction collapse =
      new CollapseExchangeFilterFunction(
          HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/whoami/**")).build());
  private URI instance;

  @BeforeEach
  void start() {
    instance = URI.create(backend.start());
  }

  @AfterEach
  void stop() {
    collapse.close();
    backend.stop();
  }

  @Test
  void requestsSentToAnInstanceShareTheResponseOfTheServiceUri() throws Exception {
    List<String> answers =
        round(
            WebClient.builder()
                .filter(collapse.beforeLoadBalancer())
                .filter(loadBalancer(""))
                .build());

    assertThat(answers).hasSize(CALLERS).allMatch(answer -> answer.contains("#"));
    assertThat(backend.calls()).isLessThan(CALLERS);
    assertThat(collapse.stats().unshared(UnsharedReason.REQUEST_CHANGED)).isZero();
    assertThat(collapse.stats().unshared(UnsharedReason.PRIVATE)).isZero();
  }

  @Test
  void withoutBeingToldOfTheLoadBalancerTheFilterSharesNothingItsInstanceSent() throws Exception {
    round(WebClient.builder().filter(collapse).filter(loadBalancer("")).build());

    assertThat(backend.calls()).isEqualTo(CALLERS);
  }

  @Test
  void aStageBelowThatChangesTheQueryKeepsEachResponseToItsCaller() throws Exception {
    round(
        WebClient.builder()
            .filter(collapse.beforeLoadBalancer())
            .filter(loadBalancer("access_token=alice"))
            .build());

    assertThat(backend.calls()).isEqualTo(CALLERS);
    assertThat(collapse.stats().unshared(UnsharedReason.REQUEST_CHANGED))
        .as("the true reason")
        .isPositive();
    assertThat(collapse.stats().unshared(UnsharedReason.PRIVATE)).isZero();
  }

  @Test
  void aCredentialAddedBetweenTheFilterAndTheLoadBalancerKeepsEachResponseToItsCaller()
      throws Exception {
    round(
        WebClient.builder()
            .filter(collapse.beforeLoadBalancer())
            .filter(ExchangeFilterFunctions.basicAuthentication("alice", "secret"))
            .filter(loadBalancer(""))
            .build());

    assertThat(backend.calls()).isEqualTo(CALLERS);
  }

  @Test
  void theLoadBalancedFilterIsThePartitionItViews() {
    CollapseExchangeFilterFunction view = collapse.partition("users").beforeLoadBalancer();

    assertThat(view.stats()).isSameAs(collapse.stats());
    assertThat(view.beforeLoadBalancer()).isSameAs(view);
  }

  private List<String> round(WebClient client) throws Exception {
    backend.arrivals().expect(CALLERS);
    return Concurrently.run(
        CALLERS,
        () -> {
          backend.arrivals().arrive();
          return client.get().uri(SERVICE_URI).retrieve().bodyToMono(String.class).block(TIMEOUT);
        });
  }

  /** Sends each request to the one instance, adding {@code query} if not empty. */
  private ExchangeFilterFunction loadBalancer(String query) {
    return (request, next) -> {
      UriComponentsBuilder sent =
          UriComponentsBuilder.fromUri(request.url())
              .scheme(instance.getScheme())
              .host(instance.getHost())
              .port(instance.getPort());
      if (!query.isEmpty()) {
        sent.query(query);
      }
      return next.exchange(ClientRequest.from(request).url(sent.build(true).toUri()).build());
    };
  }
}
