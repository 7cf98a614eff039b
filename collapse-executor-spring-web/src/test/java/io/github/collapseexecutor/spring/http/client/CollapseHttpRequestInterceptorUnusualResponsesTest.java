package io.github.collapseexecutor.spring.http.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

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
import java.lang.reflect.Method;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * Unusual responses and requests give every caller of a collapsing {@code RestClient} what the
 * same client without collapse gives it: status, headers and body bytes, and never the response
 * of a different request.
 */
final class CollapseHttpRequestInterceptorUnusualResponsesTest
    extends ClientUnusualResponsesContract {

  private static final int DELAY_MS = 400;

  private final CountingBackend backend = new CountingBackend();
  private WireMockServer server;
  private CollapseHttpRequestInterceptor interceptor;

  @BeforeEach
  void start() {
    server = backend.start();
    UnusualBackend.stub(server, DELAY_MS);
    interceptor = new CollapseHttpRequestInterceptor(HttpCollapseOptions.builder()
        .group(CollapseGroup.ofUris("/u/**"))
        .build());
  }

  @AfterEach
  void stop() {
    interceptor.close();
    backend.stop();
  }

  private RestClient client(ClientHttpRequestFactory factory, boolean collapse) {
    RestClient.Builder builder = RestClient.builder().requestFactory(factory);
    if (collapse) {
      builder.requestInterceptor(interceptor);
    }
    return builder.build();
  }

  private SameOutcomes.Caller caller(RestClient client) {
    return call -> client.method(HttpMethod.valueOf(call.method()))
        .uri(URI.create(server.baseUrl() + call.target()))
        .headers(headers -> call.headers().forEach(headers::add))
        .exchange((request, response) -> {
          Map<String, List<String>> headers = new LinkedHashMap<>();
          response.getHeaders().forEach((name, values) -> headers.put(name, values));
          return Outcome.of(response.getStatusCode().value(), headers,
              response.getBody().readAllBytes());
        });
  }

  /**
   * An HTTP/1.1 client (so that bodies may come chunked) that passes compressed bodies on as they
   * came, or decompresses them. Spring 7 has the switch; Spring 6.2's factory never decompresses,
   * so a test that needs it is skipped there.
   */
  private static JdkClientHttpRequestFactory factory(boolean decompress) throws Exception {
    JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory(
        HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build());
    Method compression;
    try {
      compression = JdkClientHttpRequestFactory.class.getMethod("enableCompression",
          boolean.class);
    } catch (NoSuchMethodException spring62) {
      assumeFalse(decompress, "Spring 6.2's JdkClientHttpRequestFactory cannot decompress");
      return factory;
    }
    compression.invoke(factory, decompress);
    return factory;
  }

  @Override
  protected Map<Call, Outcome> assertSame(int n, List<Call> calls) throws Exception {
    JdkClientHttpRequestFactory factory = factory(/* decompress= */ false);
    return SameOutcomes.assertSame(n, calls, caller(client(factory, false)),
        caller(client(factory, true)));
  }

  @Override
  protected HttpCollapseStats stats() {
    return interceptor.stats();
  }

  @Test
  void compressedBodiesArePassedOnByteForByteWithTheirContentEncoding() throws Exception {
    Map<Call, Outcome> expected = assertSame(N, List.of(
        Call.get("/u/gzipped"),
        Call.get("/u/compressible", "Accept-Encoding", "gzip")));

    assertThat(expected.values()).allSatisfy(outcome ->
        assertThat(outcome.header("Content-Encoding")).isEqualTo("gzip"));
    assertThat(interceptor.stats().replayed()).isPositive();
  }

  @Test
  void callersThatAcceptDifferentEncodingsGetWhatTheyAccept() throws Exception {
    Map<Call, Outcome> expected = assertSame(N, List.of(
        Call.get("/u/compressible", "Accept-Encoding", "gzip"),
        Call.get("/u/compressible")));

    assertThat(expected.values()).extracting(outcome -> outcome.header("Content-Encoding"))
        .containsExactly("gzip", null);
  }

  @Test
  void bodiesTheRequestFactoryDecompressesAreSharedDecompressed() throws Exception {
    JdkClientHttpRequestFactory factory = factory(/* decompress= */ true);
    List<Call> calls = List.of(Call.get("/u/gzipped"), Call.get("/u/compressible"));

    Map<Call, Outcome> expected = SameOutcomes.assertSame(N, calls,
        caller(client(factory, false)), caller(client(factory, true)));

    assertThat(expected.values()).allSatisfy(outcome ->
        assertThat(outcome.body()).isEqualTo(UnusualBackend.TEXT));
  }

  @Test
  void emptyAndNoContentResponsesAreSharedAsTheyAre() throws Exception {
    Map<Call, Outcome> expected = assertSame(N,
        List.of(Call.get("/u/empty"), Call.get("/u/no-content")));

    assertThat(expected.get(Call.get("/u/empty")).status()).isEqualTo(200);
    assertThat(expected.get(Call.get("/u/no-content")).status()).isEqualTo(204);
    assertThat(interceptor.stats().replayed()).isPositive();
  }

}
