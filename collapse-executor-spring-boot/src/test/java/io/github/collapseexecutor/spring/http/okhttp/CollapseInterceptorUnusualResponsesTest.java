package io.github.collapseexecutor.spring.http.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.github.collapseexecutor.spring.http.Call;
import io.github.collapseexecutor.spring.http.CollapseGroup;
import io.github.collapseexecutor.spring.http.CountingBackend;
import io.github.collapseexecutor.spring.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.Outcome;
import io.github.collapseexecutor.spring.http.SameOutcomes;
import io.github.collapseexecutor.spring.http.UnusualBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Unusual responses and requests give every caller of a collapsing {@code OkHttpClient} what the
 * same client without collapse gives it: status, headers and body bytes, and never the response
 * of a different request.
 */
final class CollapseInterceptorUnusualResponsesTest {

  private static final int N = 16;
  private static final int DELAY_MS = 400;

  private final CountingBackend backend = new CountingBackend();
  private WireMockServer server;
  private CollapseInterceptor interceptor;
  private OkHttpClient plain;
  private OkHttpClient collapsing;

  @BeforeEach
  void start() {
    server = backend.start();
    UnusualBackend.stub(server, DELAY_MS);
    interceptor = new CollapseInterceptor(HttpCollapseOptions.builder()
        .group(CollapseGroup.ofUris("/u/**"))
        .build());
    plain = new OkHttpClient.Builder().build();
    collapsing = plain.newBuilder().addInterceptor(interceptor).build();
  }

  @AfterEach
  void stop() {
    interceptor.close();
    backend.stop();
    plain.dispatcher().executorService().shutdown();
    plain.connectionPool().evictAll();
  }

  private SameOutcomes.Caller caller(OkHttpClient client) {
    return call -> {
      Request.Builder request = new Request.Builder().url(server.baseUrl() + call.target())
          .method(call.method(), null);
      call.headers().forEach(request::header);
      try (Response response = client.newCall(request.build()).execute()) {
        return Outcome.of(response.code(), response.headers().toMultimap(),
            response.body().bytes());
      }
    };
  }

  private Map<Call, Outcome> assertSame(int n, List<Call> calls) throws Exception {
    return SameOutcomes.assertSame(n, calls, caller(plain), caller(collapsing));
  }

  @Test
  void chunkedBodiesAreSharedWhole() throws Exception {
    Map<Call, Outcome> expected = assertSame(N, List.of(Call.get("/u/chunked")));

    assertThat(expected.values()).allSatisfy(outcome ->
        assertThat(outcome.body()).isEqualTo(UnusualBackend.TEXT));
    assertThat(interceptor.stats().replayed()).isPositive();
  }

  @Test
  void bodiesOkHttpDecompressesItselfAreSharedDecompressed() throws Exception {
    Map<Call, Outcome> expected = assertSame(N,
        List.of(Call.get("/u/gzipped"), Call.get("/u/compressible")));

    assertThat(expected.values()).allSatisfy(outcome -> {
      assertThat(outcome.body()).isEqualTo(UnusualBackend.TEXT);
      assertThat(outcome.header("Content-Encoding")).isNull();
    });
    assertThat(interceptor.stats().replayed()).isPositive();
  }

  @Test
  void compressedBodiesOfCallersThatAskedForGzipArePassedOnByteForByte() throws Exception {
    Map<Call, Outcome> expected = assertSame(N, List.of(
        Call.get("/u/gzipped", "Accept-Encoding", "gzip"),
        Call.get("/u/compressible", "Accept-Encoding", "gzip")));

    assertThat(expected.values()).allSatisfy(outcome ->
        assertThat(outcome.header("Content-Encoding")).isEqualTo("gzip"));
    assertThat(interceptor.stats().replayed()).isPositive();
  }

  @Test
  void callersThatAskForGzipThemselvesAndCallersThatLetOkHttpDecompressNeverShare()
      throws Exception {
    Map<Call, Outcome> expected = assertSame(N, List.of(
        Call.get("/u/compressible", "Accept-Encoding", "gzip"),
        Call.get("/u/compressible")));

    assertThat(expected.values()).extracting(outcome -> outcome.header("Content-Encoding"))
        .containsExactly("gzip", null);
  }

  @Test
  void emptyAndNoContentResponsesAreSharedAsTheyAre() throws Exception {
    Map<Call, Outcome> expected = assertSame(N,
        List.of(Call.get("/u/empty"), Call.get("/u/no-content")));

    assertThat(expected.values()).extracting(Outcome::status).containsExactly(200, 204);
    assertThat(expected.get(Call.get("/u/empty")).header("Content-Length")).isEqualTo("0");
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
