package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.FleetTestAccess;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.LineFixtures;
import io.github.collapseexecutor.spring.boot.autoconfigure.okhttp.CollapseOkHttpAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.webclient.CollapseWebClientAutoConfiguration;
import io.github.collapseexecutor.testing.LocalRedis;
import io.github.collapseexecutor.testing.http.GatedBackend;
import java.io.IOException;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Two instances of one Spring Boot application, configured only by properties, whose client beans
 * of apply-to-beans collapse across both through the Redis on 127.0.0.1:6379 (skipped without
 * it): {@code okhttp.fleet}, {@code rest-template.fleet} and {@code web-client.fleet} make one
 * backend call of a request both instances send at once.
 */
@Timeout(90)
final class ClientFleetAcrossInstancesTest {

  private final GatedBackend backend = new GatedBackend();
  private final String keyPrefix = "collapse-test:" + UUID.randomUUID();
  private String baseUrl;

  @BeforeEach
  void start() {
    LocalRedis.assumeRunning();
    baseUrl = backend.start();
  }

  @AfterEach
  void stop() {
    backend.stop();
  }

  @Test
  void okHttpClientBeansOfTwoInstancesMakeOneCall() {
    oneCallFromBoth(
        "/okhttp/",
        (context, path) -> {
          OkHttpClient client = context.getBean("quotesOkHttp", OkHttpClient.class);
          try (Response response =
              client.newCall(new Request.Builder().url(baseUrl + path).build()).execute()) {
            return response.body().string();
          } catch (IOException e) {
            throw new IllegalStateException(e);
          }
        });
  }

  @Test
  void restClientBeansOfTwoInstancesMakeOneCall() {
    oneCallFromBoth(
        "/rest/",
        (context, path) ->
            context
                .getBean("quotesRestClient", RestClient.class)
                .get()
                .uri(baseUrl + path)
                .retrieve()
                .body(String.class));
  }

  @Test
  void webClientBeansOfTwoInstancesMakeOneCall() {
    oneCallFromBoth(
        "/web/",
        (context, path) ->
            context
                .getBean("quotesWebClient", WebClient.class)
                .get()
                .uri(baseUrl + path)
                .retrieve()
                .bodyToMono(String.class)
                .block(Duration.ofSeconds(30)));
  }

  /**
   * Calls {@code section + "quote"} from both instances at once, after a call of each of its
   * own (a WebClient replay decodes with the strategies its client's own responses have).
   */
  private void oneCallFromBoth(
      String section, BiFunction<ApplicationContext, String, String> call) {
    String path = section + "quote";
    ApplicationContextRunner instance = instance();
    instance.run(
        first ->
            instance.run(
                second -> {
                  FleetTestAccess.awaitCoordinating(first.getBean(FleetCoordinator.class));
                  FleetCoordinator secondFleet = second.getBean(FleetCoordinator.class);
                  FleetTestAccess.awaitCoordinating(secondFleet);
                  backend.releaseFrom(section + "warm", 1);
                  assertThat(call.apply(first, section + "warm")).isEqualTo("call 1");
                  assertThat(call.apply(second, section + "warm")).isEqualTo("call 2");

                  CompletableFuture<String> firstCall =
                      CompletableFuture.supplyAsync(() -> call.apply(first, path), OWN_THREAD);
                  backend.awaitCall(path, 1);
                  CompletableFuture<String> secondCall =
                      CompletableFuture.supplyAsync(() -> call.apply(second, path), OWN_THREAD);
                  FleetTestAccess.awaitWatching(secondFleet, 1);
                  backend.releaseFrom(path, 1);

                  assertThat(firstCall.get(30, TimeUnit.SECONDS)).isEqualTo("call 1");
                  assertThat(secondCall.get(30, TimeUnit.SECONDS)).isEqualTo("call 1");
                  assertThat(backend.calls(path)).isEqualTo(1);
                  assertThat(secondFleet.stats().joined()).isEqualTo(1);
                }));
  }

  /**
   * Each blocking call on a thread of its own: on two cores the common pool has one thread, which
   * JDK 25's CompletableFuture uses too, so the second call would wait for the first to end.
   */
  private static final Executor OWN_THREAD = call -> new Thread(call).start();

  private ApplicationContextRunner instance() {
    return new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                LineFixtures.REDIS_AUTO_CONFIGURATION,
                CollapseExecutorAutoConfiguration.class,
                CollapseFleetAutoConfiguration.class,
                RedisFleetAutoConfiguration.class,
                CollapseFleetWiringAutoConfiguration.class,
                CollapseOkHttpAutoConfiguration.class,
                CollapseRestClientAutoConfiguration.class,
                CollapseWebClientAutoConfiguration.class))
        .withUserConfiguration(Application.class)
        .withPropertyValues(
            CollapseFleetAutoConfigurationTest.SECRET,
            "collapse.executor.fleet.key-prefix=" + keyPrefix,
            "collapse.executor.fleet.coordination-timeout=5s",
            "collapse.executor.fleet.probe-interval=100ms",
            "collapse.executor.okhttp.collapse-groups[0].uris=/okhttp/*",
            "collapse.executor.okhttp.apply-to-beans=quotesOkHttp",
            "collapse.executor.okhttp.fleet=true",
            "collapse.executor.rest-template.collapse-groups[0].uris=/rest/*",
            "collapse.executor.rest-template.apply-to-beans=quotesRestClient",
            "collapse.executor.rest-template.fleet=true",
            "collapse.executor.web-client.collapse-groups[0].uris=/web/*",
            "collapse.executor.web-client.apply-to-beans=quotesWebClient",
            "collapse.executor.web-client.fleet=true",
            "spring.data.redis.host=127.0.0.1",
            "spring.data.redis.port=" + LocalRedis.PORT);
  }

  @Configuration(proxyBeanMethods = false)
  static class Application {

    @Bean
    OkHttpClient quotesOkHttp() {
      return new OkHttpClient();
    }

    @Bean
    RestClient quotesRestClient() {
      return RestClient.create();
    }

    @Bean
    WebClient quotesWebClient() {
      return WebClient.create();
    }
  }
}
