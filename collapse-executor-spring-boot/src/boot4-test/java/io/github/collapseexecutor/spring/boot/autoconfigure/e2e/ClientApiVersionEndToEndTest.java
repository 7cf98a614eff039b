package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.http.Concurrently;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.service.annotation.GetExchange;
import org.springframework.web.service.registry.HttpServiceGroup;
import org.springframework.web.service.registry.ImportHttpServices;
import reactor.core.publisher.Mono;

/**
 * HTTP service groups whose clients insert the API version in a header
 * ({@code spring.http.serviceclient.<group>.apiversion.insert.header}), which no key rule names,
 * against a backend that answers by that header: calls for two versions held in one backend call
 * each get their own version's body, on RestClient and WebClient, and calls for one version still
 * share. Each caller passes a counter placed first in its group's client; the backend holds the
 * first call until every caller has passed it.
 */
@SpringBootTest(
    classes = ClientApiVersionEndToEndTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = {
      "collapse.executor.http-service-groups=versions,reactive-versions",
      "collapse.executor.rest-template.collapse-groups[0].uris=/greeting",
      "collapse.executor.web-client.collapse-groups[0].uris=/greeting",
      "spring.http.serviceclient.versions.apiversion.insert.header=API-Version",
      "spring.http.serviceclient.reactive-versions.apiversion.insert.header=API-Version"
    })
@Timeout(60)
final class ClientApiVersionEndToEndTest {

  private static final GatedBackend backend = new GatedBackend();

  @Autowired private GroupArrivals arrivals;

  @Autowired private Greetings greetings;

  @Autowired private ReactiveGreetings reactiveGreetings;

  @DynamicPropertySource
  static void groups(DynamicPropertyRegistry registry) {
    for (String group : List.of("versions", "reactive-versions")) {
      registry.add("spring.http.serviceclient." + group + ".base-url", backend::baseUrl);
    }
  }

  @BeforeAll
  static void startBackend() {
    backend.start();
    for (String version : List.of("1", "2")) {
      backend.answerWhen("/greeting", "API-Version", version, "greeting of version " + version);
    }
  }

  @AfterAll
  static void stopBackend() {
    backend.stop();
  }

  @Test
  void restClientCallsForTwoVersionsEachGetTheirVersion() throws Exception {
    askBothVersions(i -> i % 2 == 0 ? greetings.first() : greetings.second());
  }

  @Test
  void webClientCallsForTwoVersionsEachGetTheirVersion() throws Exception {
    askBothVersions(
        i -> (i % 2 == 0 ? reactiveGreetings.first() : reactiveGreetings.second()).block());
  }

  @Test
  void callsForOneVersionStillShare() throws Exception {
    int before = backend.calls("/greeting");
    expect(30);

    List<String> bodies = Concurrently.run(30, () -> greetings.second());

    assertThat(bodies).containsOnly("greeting of version 2");
    assertThat(backend.calls("/greeting") - before).as("backend calls").isBetween(1, 5);
  }

  private void askBothVersions(IntFunction<String> call) throws Exception {
    int before = backend.calls("/greeting");
    expect(42);
    AtomicInteger next = new AtomicInteger();

    List<String[]> answers =
        Concurrently.run(
            42,
            () -> {
              int i = next.getAndIncrement();
              return new String[] {i % 2 == 0 ? "1" : "2", call.apply(i)};
            });

    assertThat(answers)
        .allSatisfy(answer -> assertThat(answer[1]).isEqualTo("greeting of version " + answer[0]));
    assertThat(backend.calls("/greeting") - before).as("backend calls").isBetween(2, 10);
  }

  private void expect(int callers) {
    backend.holdUntil(arrivals.expect(callers));
  }

  interface Greetings {
    @GetExchange(url = "/greeting", version = "1")
    String first();

    @GetExchange(url = "/greeting", version = "2")
    String second();
  }

  interface ReactiveGreetings {
    @GetExchange(url = "/greeting", version = "1")
    Mono<String> first();

    @GetExchange(url = "/greeting", version = "2")
    Mono<String> second();
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(GroupArrivals.class)
  @ImportHttpServices(group = "versions", types = Greetings.class)
  @ImportHttpServices(
      group = "reactive-versions",
      types = ReactiveGreetings.class,
      clientType = HttpServiceGroup.ClientType.WEB_CLIENT)
  static class App {}
}
