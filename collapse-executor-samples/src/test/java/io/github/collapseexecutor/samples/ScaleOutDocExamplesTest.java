package io.github.collapseexecutor.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.jdk.httpclient.CollapsingHttpClient;
import io.github.collapseexecutor.okhttp.CollapseInterceptor;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.FleetKey;
import io.github.collapseexecutor.redis.FleetOptions;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import java.net.http.HttpClient;
import java.util.List;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

/**
 * The Java snippets of docs/scale-out.md, as written there (DocSnippetsTest in the Spring Boot
 * module holds them to the page), here because they span the adapters and the fleet tier: the
 * named clients are built; the coordinator's snippets, which name the page's own Redis hosts, and
 * the annotated methods are compiled only.
 */
final class ScaleOutDocExamplesTest {

  record Quote(String symbol) {}

  interface QuoteBackend {
    Quote quote(String symbol);
  }

  interface QuoteClient {
    Mono<Quote> quote(String symbol);
  }

  @Test
  void eachClientTakesItsName() {
    HttpCollapseOptions options = HttpCollapseOptions.builder().build();
    // docs/scale-out.md: the HTTP clients across the fleet
    // spotless:off: the docs show this code as written here
    CollapseInterceptor collapse = new CollapseInterceptor(options);          // OkHttp
    OkHttpClient partner = collapse.partition(new OkHttpClient(), "partnerClient");

    CollapseHttpRequestInterceptor restCollapse = new CollapseHttpRequestInterceptor(options);
    RestClient restPartner = RestClient.builder()                              // RestClient
        .requestInterceptor(restCollapse.partition("partnerClient")).build();

    WebClient webPartner = WebClient.builder()                                 // WebClient
        .filter(new CollapseExchangeFilterFunction(options).partition("partnerClient")).build();

    HttpClient jdkPartner = CollapsingHttpClient.builder(HttpClient.newHttpClient(), options)
        .partition("partnerClient").build();                                   // JDK HttpClient
    // spotless:on

    assertThat(partner.interceptors()).hasSize(1);
    restPartner.mutate().requestInterceptors(list -> assertThat(list).hasSize(1));
    webPartner.mutate().filters(list -> assertThat(list).hasSize(1));
    assertThat(jdkPartner).isInstanceOf(CollapsingHttpClient.class);
  }

  /** The coordinator of the page: compiled only, as it connects to the page's host. */
  static Quote quoteAcrossTheFleet(
      byte[] secret, String authorization, FleetCodec<Quote> quoteCodec, QuoteBackend backend)
      throws InterruptedException {
    // docs/scale-out.md: the Redis tier
    // spotless:off: the docs show this code as written here
    FleetCoordinator fleet = FleetCoordinator.connect(RedisURI.create("redis://cache:6379"),
        FleetOptions.builder(secret).build());           // the same secret on every instance

    Quote quote = fleet.call(
        FleetKey.of("GET", "/quote/ACME", "authorization", authorization),  // the full local key
        quoteCodec,                                                          // result <-> bytes
        () -> backend.quote("ACME"));                                        // the call itself
    // spotless:on
    return quote;
  }

  /** The coordinators on a Redis Cluster: compiled only, as they connect to the page's hosts. */
  static List<FleetCoordinator> onACluster(
      FleetOptions options, RedisClusterClient redisClusterClient) {
    // docs/scale-out.md: Redis Cluster
    // spotless:off: the docs show this code as written here
    FleetCoordinator fleet = FleetCoordinator.connectCluster(
        List.of(RedisURI.create("redis://cache-0:6379")), options);   // one node finds the rest
    FleetCoordinator shared = FleetCoordinator.create(redisClusterClient, options);
    // spotless:on
    return List.of(fleet, shared);
  }

  /** The annotated methods of the page, across the fleet; compiled only. */
  static class Quotes {
    private final QuoteBackend partner;
    private final QuoteClient partnerClient;

    Quotes(QuoteBackend partner, QuoteClient partnerClient) {
      this.partner = partner;
      this.partnerClient = partnerClient;
    }

    // docs/scale-out.md: @Collapsible methods across the fleet
    // spotless:off: the docs show this code as written here
    @Collapsible(executor = "quotes")   // or @Collapsible(fleet = true)
    public Quote quote(String symbol) { return partner.quote(symbol); }

    @Collapsible(executor = "quotes")   // the value of the future or Mono crosses
    public Mono<Quote> quoteLater(String symbol) { return partnerClient.quote(symbol); }
    // spotless:on
  }
}
