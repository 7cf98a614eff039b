package io.github.collapseexecutor.jdk.httpclient;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.Call;
import io.github.collapseexecutor.testing.http.ClientUnusualResponsesContract;
import io.github.collapseexecutor.testing.http.CountingBackend;
import io.github.collapseexecutor.testing.http.Outcome;
import io.github.collapseexecutor.testing.http.SameOutcomes;
import io.github.collapseexecutor.testing.http.UnusualBackend;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Unusual responses and requests give every caller of a collapsing JDK client what the same
 * client without collapse gives it: status, headers and body bytes, and never the response of a
 * different request. The JDK's client decompresses nothing, so compressed bodies pass byte for
 * byte.
 */
final class JdkUnusualResponsesTest extends ClientUnusualResponsesContract {

  private static final int DELAY_MS = 400;

  private final CountingBackend backend = new CountingBackend();
  private WireMockServer server;
  private HttpClient plain;
  private CollapsingHttpClient collapsing;

  @BeforeEach
  void start() {
    server = backend.start();
    UnusualBackend.stub(server, DELAY_MS);
    plain = HttpClient.newHttpClient();
    collapsing = CollapsingHttpClient.wrap(plain, HttpCollapseOptions.builder()
        .group(CollapseGroup.ofUris("/u/**"))
        .build());
  }

  @AfterEach
  void stop() {
    collapsing.close();
    backend.stop();
  }

  private SameOutcomes.Caller caller(HttpClient client) {
    return call -> {
      HttpRequest.Builder request = HttpRequest.newBuilder(
          URI.create(server.baseUrl() + call.target()))
          .method(call.method(), HttpRequest.BodyPublishers.noBody());
      call.headers().forEach(request::header);
      HttpResponse<byte[]> response = client.send(request.build(), BodyHandlers.ofByteArray());
      return Outcome.of(response.statusCode(), response.headers().map(), response.body());
    };
  }

  @Override
  protected Map<Call, Outcome> assertSame(int n, List<Call> calls) throws Exception {
    return SameOutcomes.assertSame(n, calls, caller(plain), caller(collapsing));
  }

  @Override
  protected HttpCollapseStats stats() {
    return collapsing.stats();
  }
}
