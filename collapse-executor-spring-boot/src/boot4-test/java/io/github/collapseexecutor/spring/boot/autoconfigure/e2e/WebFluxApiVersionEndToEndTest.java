package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.http.WebFilterArrivals;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The WebFlux filter in a reactive application that versions its API by a header
 * ({@code spring.webflux.apiversion.use.header}), which no key rule names: requests for two
 * versions held in one call each get their own version's body, and requests for one version still
 * share.
 */
@SpringBootTest(
    classes = WebFluxApiVersionEndToEndTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "spring.main.web-application-type=reactive",
      "spring.webflux.apiversion.use.header=API-Version",
      "collapse.executor.webflux.collapse-groups[0].uris=/greeting"
    })
@Timeout(60)
final class WebFluxApiVersionEndToEndTest {

  @LocalServerPort private int port;

  @Autowired private WebFilterArrivals joined;

  @Test
  void requestsForTwoVersionsHeldInOneCallEachGetTheirVersion() throws Exception {
    joined.expect(42);

    new VersionedGreetings(port).askBothVersions(42);

    assertThat(joined.runs()).as("handler runs").isBetween(2, 10);
  }

  @Test
  void requestsForOneVersionStillShare() throws Exception {
    int before = joined.runs();
    joined.expect(30);

    new VersionedGreetings(port).askOneVersion(30, "2");

    assertThat(joined.runs() - before).as("handler runs").isBetween(1, 5);
  }

  @RestController
  static class Greetings {

    private final WebFilterArrivals joined;

    Greetings(WebFilterArrivals joined) {
      this.joined = joined;
    }

    @GetMapping(path = "/greeting", version = "1")
    Mono<String> first() {
      return joined.run().thenReturn("greeting of version 1");
    }

    @GetMapping(path = "/greeting", version = "2")
    Mono<String> second() {
      return joined.run().thenReturn("greeting of version 2");
    }
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import({Greetings.class, JoinedCounting.class})
  static class App {}
}
