package io.github.collapseexecutor.testing.http;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;

import com.github.tomakehurst.wiremock.WireMockServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/**
 * Stubs for the unusual responses every client adapter must pass on as they are, all under
 * {@code /u/}, each answered after {@code delayMs} so that concurrent callers overlap:
 *
 * <ul>
 *   <li>{@code /u/chunked}: a body sent in chunks ({@code Transfer-Encoding: chunked});</li>
 *   <li>{@code /u/gzipped}: a body stored gzip-compressed, sent with {@code Content-Encoding: gzip}
 *       whatever the request accepts, and no {@code Vary};</li>
 *   <li>{@code /u/compressible}: a plain body that the server compresses when the request accepts
 *       gzip;</li>
 *   <li>{@code /u/empty}: 200 with {@code Content-Length: 0}; {@code /u/no-content}: 204;</li>
 *   <li>{@code /u/etag}: 200 with {@code ETag "v1"} and a {@code Last-Modified} date, or 304 when
 *       the request's {@code If-None-Match} or {@code If-Modified-Since} matches them;</li>
 *   <li>{@code /u/vary}: a body naming the request's {@code X-Variant}, a header outside the
 *       key, with {@code Vary: X-Variant};</li>
 *   <li>{@code /u/head}: any method; the response names it in {@code X-Method} and has a
 *       {@code Content-Length}, for HEAD too;</li>
 *   <li>{@code /u/raw/...}: any method; the body is the request target exactly as received.</li>
 * </ul>
 */
public final class UnusualBackend {

  /** A body long enough for the server to compress it (it skips tiny ones). */
  public static final String TEXT = "the quick brown fox jumps over the lazy dog. ".repeat(20);

  public static final String ETAG = "\"v1\"";
  public static final String LAST_MODIFIED = "Wed, 21 Oct 2015 07:28:00 GMT";

  private UnusualBackend() {}

  /** Installs the stubs on {@code server}. */
  public static void stub(WireMockServer server, int delayMs) {
    server.stubFor(
        get(urlPathEqualTo("/u/chunked"))
            .willReturn(
                aResponse()
                    .withHeader("Content-Type", "text/plain")
                    .withBody(TEXT)
                    .withFixedDelay(delayMs)
                    .withChunkedDribbleDelay(5, 50)));
    server.stubFor(
        get(urlPathEqualTo("/u/gzipped"))
            .willReturn(
                aResponse()
                    .withHeader("Content-Type", "text/plain")
                    .withHeader("Content-Encoding", "gzip")
                    .withBody(gzip(TEXT))
                    .withFixedDelay(delayMs)));
    server.stubFor(
        get(urlPathEqualTo("/u/compressible"))
            .willReturn(
                aResponse()
                    .withHeader("Content-Type", "text/plain")
                    .withBody(TEXT)
                    .withFixedDelay(delayMs)));
    server.stubFor(
        get(urlPathEqualTo("/u/empty"))
            .willReturn(
                aResponse()
                    .withHeader("Content-Type", "text/plain")
                    .withHeader("Content-Length", "0")
                    .withBody("")
                    .withFixedDelay(delayMs)));
    server.stubFor(
        get(urlPathEqualTo("/u/no-content"))
            .willReturn(aResponse().withStatus(204).withFixedDelay(delayMs)));
    server.stubFor(
        get(urlPathEqualTo("/u/etag"))
            .atPriority(9)
            .willReturn(
                aResponse()
                    .withHeader("ETag", ETAG)
                    .withHeader("Last-Modified", LAST_MODIFIED)
                    .withHeader("Cache-Control", "max-age=0")
                    .withHeader("Content-Type", "text/plain")
                    .withBody("fresh representation")
                    .withFixedDelay(delayMs)));
    server.stubFor(
        get(urlPathEqualTo("/u/etag"))
            .atPriority(1)
            .withHeader("If-None-Match", equalTo(ETAG))
            .willReturn(
                aResponse().withStatus(304).withHeader("ETag", ETAG).withFixedDelay(delayMs)));
    server.stubFor(
        get(urlPathEqualTo("/u/etag"))
            .atPriority(2)
            .withHeader("If-Modified-Since", equalTo(LAST_MODIFIED))
            .willReturn(
                aResponse().withStatus(304).withHeader("ETag", ETAG).withFixedDelay(delayMs)));
    server.stubFor(
        get(urlPathEqualTo("/u/vary"))
            .willReturn(
                aResponse()
                    .withTransformers("response-template")
                    .withHeader("Vary", "X-Variant")
                    .withHeader("Content-Type", "text/plain")
                    .withBody("variant={{request.headers.X-Variant}}")
                    .withFixedDelay(delayMs)));
    server.stubFor(
        any(urlPathEqualTo("/u/head"))
            .willReturn(
                aResponse()
                    .withTransformers("response-template")
                    .withHeader("X-Method", "{{request.method}}")
                    .withHeader("Content-Type", "text/plain")
                    .withHeader("Content-Length", String.valueOf(TEXT.length()))
                    .withBody(TEXT)
                    .withFixedDelay(delayMs)));
    server.stubFor(
        any(urlPathMatching("/u/raw/.*"))
            .willReturn(
                aResponse()
                    .withTransformers("response-template")
                    .withHeader("Content-Type", "text/plain")
                    .withBody("{{request.method}} {{{request.url}}}")
                    .withFixedDelay(delayMs)));
  }

  /**
   * Targets that differ only in how they are encoded, or that hold unusual characters; each must
   * reach the server as sent and never share a response with another.
   */
  public static final List<String> UNUSUAL_TARGETS =
      List.of(
          "/u/raw/a%2Fb",
          "/u/raw/a/b",
          "/u/raw/a%2fb",
          "/u/raw/q?v=a%20b",
          "/u/raw/q?v=a+b",
          "/u/raw/q?v=a%2Bb",
          "/u/raw/q?v=%41",
          "/u/raw/q?v=A",
          "/u/raw/q?v",
          "/u/raw/q?v=",
          "/u/raw/q",
          "/u/raw/%7Euser",
          "/u/raw/~user",
          "/u/raw/caf%C3%A9",
          "/u/raw/q?v=%E2%82%AC&w=1",
          "/u/raw/q?w=1&v=%E2%82%AC");

  /** Returns {@code text} gzip-compressed. */
  public static byte[] gzip(String text) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
      gzip.write(text.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
