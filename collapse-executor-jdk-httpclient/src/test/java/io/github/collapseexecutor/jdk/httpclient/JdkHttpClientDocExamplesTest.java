package io.github.collapseexecutor.jdk.httpclient;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.StuckFirstBackend;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Java snippet of docs/jdk-httpclient.md, as written there (DocSnippetsTest in the Spring
 * Boot module holds it to the page), compiled and run against a server on loopback.
 */
@Timeout(60)
final class JdkHttpClientDocExamplesTest {

  @Test
  void theWrapperSendsThroughTheWrappedClient() throws Exception {
    StuckFirstBackend backend = new StuckFirstBackend();
    backend.start();
    backend.release();
    try {
      HttpRequest request =
          HttpRequest.newBuilder(URI.create(backend.baseUrl() + "/prices/ACME")).build();
      // docs/jdk-httpclient.md
      // spotless:off: the docs show this code as written here
      HttpCollapseOptions options = HttpCollapseOptions.builder()
          .group(CollapseGroup.ofUris("/prices/*"))
          .build();
      HttpClient client = CollapsingHttpClient.wrap(HttpClient.newHttpClient(), options);
      HttpResponse<String> price = client.send(request, BodyHandlers.ofString());
      // spotless:on

      assertThat(price.body()).isEqualTo("call 1");
      assertThat(backend.calls()).isEqualTo(1);
      ((CollapsingHttpClient) client).close();
    } finally {
      backend.stop();
    }
  }
}
