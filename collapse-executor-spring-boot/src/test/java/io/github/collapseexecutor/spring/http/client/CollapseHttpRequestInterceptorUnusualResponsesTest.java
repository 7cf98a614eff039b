package io.github.collapseexecutor.spring.http.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.github.collapseexecutor.spring.http.Call;
import io.github.collapseexecutor.spring.http.CollapseGroup;
import io.github.collapseexecutor.spring.http.CountingBackend;
import io.github.collapseexecutor.spring.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.Outcome;
import io.github.collapseexecutor.spring.http.SameOutcomes;
import io.github.collapseexecutor.spring.http.UnusualBackend;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.ArrayList;
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
final class CollapseHttpRequestInterceptorUnusualResponsesTest {

  private static final int N = 16;
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
   * came, or decompresses them.
   */
  private static JdkClientHttpRequestFactory factory(boolean decompress) {
    JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory(
        HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build());
    factory.enableCompression(decompress);
    return factory;
  }

  private Map<Call, Outcome> assertSame(int n, List<Call> calls) throws Exception {
    JdkClientHttpRequestFactory factory = factory(/* decompress= */ false);
    return SameOutcomes.assertSame(n, calls, caller(client(factory, false)),
        caller(client(factory, true)));
  }

  @Test
  void chunkedBodiesAreSharedWhole() throws Exception {
    Map<Call, Outcome> expected = assertSame(N, List.of(Call.get("/u/chunked")));

    assertThat(expected.values()).allSatisfy(outcome ->
        assertThat(outcome.body()).isEqualTo(UnusualBackend.TEXT));
    assertThat(interceptor.stats().replayed()).isPositive();
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

  @Test
  void aNotModifiedResponseReachesOnlyCallersWithTheValidatorItAnswers() throws Exception {
    Map<Call, Outcome> expected = assertSame(N, List.of(
        Call.get("/u/etag"),
        Call.get("/u/etag", "If-None-Match", UnusualBackend.ETAG),
        Call.get("/u/etag", "If-None-Match", "\"v0\""),
        Call.get("/u/etag", "If-Modified-Since", UnusualBackend.LAST_MODIFIED)));

    assertThat(expected.values()).extracting(Outcome::status).containsExactly(200, 304, 200, 304);
  }

  @Test
  void aNotModifiedResponseIsSharedAmongCallersWithTheSameValidator() throws Exception {
    Map<Call, Outcome> expected = assertSame(N,
        List.of(Call.get("/u/etag", "If-None-Match", UnusualBackend.ETAG)));

    assertThat(expected.values()).extracting(Outcome::status).containsExactly(304);
    assertThat(interceptor.stats().replayed()).isPositive();
  }

  @Test
  void aResponseThatVariesOnAHeaderTheWaiterSentDifferentlyIsNotShared() throws Exception {
    Map<Call, Outcome> expected = assertSame(N, List.of(
        Call.get("/u/vary", "Accept-Language", "en"),
        Call.get("/u/vary", "Accept-Language", "de"),
        Call.get("/u/vary")));

    assertThat(expected.values()).extracting(Outcome::body).doesNotHaveDuplicates();
    assertThat(interceptor.stats().fellBack()).isPositive();
  }

  @Test
  void headAndGetOfOneUriNeverShareAResponse() throws Exception {
    Map<Call, Outcome> expected = assertSame(N,
        List.of(Call.head("/u/head"), Call.get("/u/head")));

    Outcome head = expected.get(Call.head("/u/head"));
    assertThat(head.header("X-Method")).isEqualTo("HEAD");
    assertThat(head.body()).isEmpty();
    assertThat(head.header("Content-Length")).isEqualTo(
        String.valueOf(UnusualBackend.TEXT.length()));
    assertThat(expected.get(Call.get("/u/head")).body()).isEqualTo(UnusualBackend.TEXT);
  }

  @Test
  void targetsThatDifferOnlyInEncodingAreNeverMerged() throws Exception {
    List<Call> calls = new ArrayList<>();
    UnusualBackend.UNUSUAL_TARGETS.forEach(target -> calls.add(Call.get(target)));

    Map<Call, Outcome> expected = assertSame(3 * calls.size(), calls);

    // the server echoes each target as it arrived: no two may look alike, or a cross goes unseen
    assertThat(expected.values()).extracting(Outcome::body).doesNotHaveDuplicates();
    assertThat(interceptor.stats().replayed()).isPositive();
  }
}
