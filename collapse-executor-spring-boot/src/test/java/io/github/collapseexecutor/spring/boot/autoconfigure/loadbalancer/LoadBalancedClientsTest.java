package io.github.collapseexecutor.spring.boot.autoconfigure.loadbalancer;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.IdentityEchoBackend;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.cloud.client.DefaultServiceInstance;
import org.springframework.cloud.client.ServiceInstance;
import org.springframework.cloud.client.discovery.ReactiveDiscoveryClient;
import org.springframework.cloud.client.loadbalancer.LoadBalanced;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Flux;

/**
 * Load-balanced clients, as a Spring Cloud application writes them: {@code @LoadBalanced}
 * WebClient and RestClient builders that the application gives the collapse adapter by hand,
 * Spring Cloud LoadBalancer over its simple discovery client, and a service of two instances on
 * loopback. Identical concurrent calls to the service URI collapse whichever instance the load
 * balancer picks for each, and calls of different callers never share.
 */
@Timeout(60)
final class LoadBalancedClientsTest {

  private static final int CALLERS = 20;
  private static final int MOST_CALLS = 5;
  private static final Duration BOUND = Duration.ofSeconds(20);

  /** A service whose instances name their scheme, which an {@code lb://} URI needs. */
  private static final String SCHEMED = "schemed-users";

  private static final IdentityEchoBackend first = new IdentityEchoBackend();
  private static final IdentityEchoBackend second = new IdentityEchoBackend();
  private static String firstUri;
  private static String secondUri;
  private static ConfigurableApplicationContext context;

  @BeforeAll
  static void start() {
    firstUri = first.start();
    secondUri = second.start();
    context =
        new SpringApplicationBuilder(App.class)
            .web(WebApplicationType.NONE)
            .properties(
                "spring.cloud.discovery.client.simple.instances.users[0].uri=" + firstUri,
                "spring.cloud.discovery.client.simple.instances.users[1].uri=" + secondUri,
                "spring.cloud.loadbalancer.cache.enabled=false",
                "collapse.executor.web-client.collapse-groups[0].uris=/whoami/**",
                "collapse.executor.rest-template.collapse-groups[0].uris=/whoami/**")
            .run();
  }

  @AfterAll
  static void stop() {
    context.close();
    first.stop();
    second.stop();
  }

  @Test
  void identicalWebClientCallsToTheServiceUriCollapseWhicheverInstanceServesThem()
      throws Exception {
    WebClient client = context.getBean("users", WebClient.Builder.class).build();

    Round round =
        round(
            () ->
                client
                    .get()
                    .uri("http://users" + IdentityEchoBackend.PATH)
                    .retrieve()
                    .bodyToMono(String.class)
                    .block(BOUND));

    assertThat(round.answers()).hasSize(CALLERS).allMatch(answer -> answer.contains("#"));
    assertThat(round.calls()).isBetween(1, MOST_CALLS);
    assertThat(round.privateAnswers(webClientStats())).isZero();
  }

  @Test
  void anLbSchemeCollapsesAsTheServiceNameDoes() throws Exception {
    WebClient client = context.getBean("users", WebClient.Builder.class).build();

    Round round =
        round(
            () ->
                client
                    .get()
                    .uri("lb://" + SCHEMED + IdentityEchoBackend.PATH)
                    .retrieve()
                    .bodyToMono(String.class)
                    .block(BOUND));

    assertThat(round.answers()).hasSize(CALLERS);
    assertThat(round.calls()).isBetween(1, MOST_CALLS);
  }

  @Test
  void identicalRestClientCallsToTheServiceUriCollapseWhicheverInstanceServesThem()
      throws Exception {
    RestClient client = context.getBean("blockingUsers", RestClient.Builder.class).build();

    Round round =
        round(
            () ->
                client
                    .get()
                    .uri("http://users" + IdentityEchoBackend.PATH)
                    .retrieve()
                    .body(String.class));

    assertThat(round.answers()).hasSize(CALLERS);
    assertThat(round.calls()).isBetween(1, MOST_CALLS);
    assertThat(round.privateAnswers(restClientStats())).isZero();
  }

  @Test
  void webClientCallersWithOtherCredentialsOrCookiesNeverShare() throws Exception {
    WebClient client = context.getBean("users", WebClient.Builder.class).build();
    AtomicInteger callers = new AtomicInteger();

    List<String[]> answers =
        identities(
            () -> {
              String who = "caller" + callers.getAndIncrement() % 4;
              boolean byCookie = who.endsWith("1") || who.endsWith("3");
              String answer =
                  client
                      .get()
                      .uri("http://users" + IdentityEchoBackend.PATH)
                      .headers(
                          headers -> {
                            if (!byCookie) {
                              headers.set("Authorization", who);
                            }
                          })
                      .cookies(
                          cookies -> {
                            if (byCookie) {
                              cookies.add("session", who);
                            }
                          })
                      .retrieve()
                      .bodyToMono(String.class)
                      .block(BOUND);
              return new String[] {who, answer};
            });

    assertThat(answers).allSatisfy(pair -> assertThat(pair[1]).contains(pair[0]));
  }

  @Test
  void restClientCallersWithOtherCredentialsNeverShare() throws Exception {
    RestClient client = context.getBean("blockingUsers", RestClient.Builder.class).build();
    AtomicInteger callers = new AtomicInteger();

    List<String[]> answers =
        identities(
            () -> {
              String who = "caller" + callers.getAndIncrement() % 4;
              String answer =
                  who.endsWith("1")
                      ? client
                          .get()
                          .uri("http://users" + IdentityEchoBackend.PATH)
                          .header("Cookie", "session=" + who)
                          .retrieve()
                          .body(String.class)
                      : client
                          .get()
                          .uri("http://users" + IdentityEchoBackend.PATH)
                          .header("Authorization", who)
                          .retrieve()
                          .body(String.class);
              return new String[] {who, answer};
            });

    assertThat(answers).allSatisfy(pair -> assertThat(pair[1]).contains(pair[0]));
  }

  private HttpCollapseStats webClientStats() {
    return context.getBean(CollapseExchangeFilterFunction.class).stats();
  }

  private HttpCollapseStats restClientStats() {
    return context.getBean(CollapseHttpRequestInterceptor.class).stats();
  }

  /** Runs {@code CALLERS} callers at once, the backends held until every one has set off. */
  private static Round round(Callable<String> call) throws Exception {
    int before = first.calls() + second.calls();
    expect(CALLERS);
    List<String> answers =
        Concurrently.run(
            CALLERS,
            () -> {
              arrive();
              return call.call();
            });
    return new Round(answers, first.calls() + second.calls() - before);
  }

  private static List<String[]> identities(Callable<String[]> call) throws Exception {
    expect(CALLERS);
    return Concurrently.run(
        CALLERS,
        () -> {
          arrive();
          return call.call();
        });
  }

  private static void expect(int callers) {
    first.arrivals().expect(callers);
    second.arrivals().expect(callers);
  }

  private static void arrive() {
    first.arrivals().arrive();
    second.arrivals().arrive();
  }

  /** The answers of a round and the calls it made to both instances. */
  private record Round(List<String> answers, int calls) {

    long privateAnswers(HttpCollapseStats stats) {
      // a load balancer's host change must not pass for a changed request, nor for a private one
      return stats.unshared(UnsharedReason.PRIVATE)
          + stats.unshared(UnsharedReason.REQUEST_CHANGED);
    }
  }

  /** An instance on loopback that names its scheme. */
  private static final class SchemedInstance extends DefaultServiceInstance {

    SchemedInstance(String uri) {
      super(uri, SCHEMED, "127.0.0.1", URI.create(uri).getPort(), /* secure= */ false);
    }

    @Override
    public String getScheme() {
      return "http";
    }
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {

    /** The gateway's builder: the application adds the collapse filter it injects. */
    @Bean
    @LoadBalanced
    WebClient.Builder users(CollapseExchangeFilterFunction collapse) {
      return WebClient.builder().filter(collapse);
    }

    /**
     * The instances of {@code schemed-users}, the same two servers, which name their scheme as
     * Eureka's and Kubernetes' do (the simple discovery client's do not): the load balancer sends
     * an {@code lb://} URI only to an instance that names one.
     */
    @Bean
    ReactiveDiscoveryClient schemedInstances() {
      return new ReactiveDiscoveryClient() {
        @Override
        public String description() {
          return "instances that name their scheme";
        }

        @Override
        public Flux<ServiceInstance> getInstances(String serviceId) {
          return SCHEMED.equals(serviceId)
              ? Flux.just(new SchemedInstance(firstUri), new SchemedInstance(secondUri))
              : Flux.empty();
        }

        @Override
        public Flux<String> getServices() {
          return Flux.just(SCHEMED);
        }
      };
    }

    @Bean
    @LoadBalanced
    RestClient.Builder blockingUsers(CollapseHttpRequestInterceptor collapse) {
      return RestClient.builder().requestInterceptor(collapse);
    }
  }
}
