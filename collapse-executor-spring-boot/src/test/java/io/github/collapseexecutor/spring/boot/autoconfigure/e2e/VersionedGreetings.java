package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.http.Concurrently;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The client side of the API version tests: concurrent requests for {@code /greeting} that name
 * their version in the {@code API-Version} header, against a server that answers
 * "greeting of version N".
 */
final class VersionedGreetings {

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
  private final int port;

  VersionedGreetings(int port) {
    this.port = port;
  }

  /** Sends {@code n} requests at once, for versions 1 and 2 in turn; checks each one's body. */
  void askBothVersions(int n) throws Exception {
    AtomicInteger next = new AtomicInteger();
    List<String[]> answers =
        Concurrently.run(
            n,
            () -> {
              String version = next.getAndIncrement() % 2 == 0 ? "1" : "2";
              return new String[] {version, get(version)};
            });
    assertThat(answers)
        .allSatisfy(answer -> assertThat(answer[1]).isEqualTo("greeting of version " + answer[0]));
  }

  /** Sends {@code n} requests at once for {@code version}; checks each one's body. */
  void askOneVersion(int n, String version) throws Exception {
    List<String> bodies = Concurrently.run(n, () -> get(version));
    assertThat(bodies).containsOnly("greeting of version " + version);
  }

  private String get(String version) throws Exception {
    return http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/greeting"))
                .header("API-Version", version)
                .timeout(Duration.ofSeconds(20))
                .build(),
            HttpResponse.BodyHandlers.ofString())
        .body();
  }
}
