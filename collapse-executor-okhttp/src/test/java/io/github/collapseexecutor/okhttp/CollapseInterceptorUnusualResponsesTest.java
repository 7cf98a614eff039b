package io.github.collapseexecutor.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

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
final class CollapseInterceptorUnusualResponsesTest
    extends ClientUnusualResponsesContract {

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

  @Override
  protected Map<Call, Outcome> assertSame(int n, List<Call> calls) throws Exception {
    return SameOutcomes.assertSame(n, calls, caller(plain), caller(collapsing));
  }

  @Override
  protected HttpCollapseStats stats() {
    return interceptor.stats();
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

}
