package io.github.collapseexecutor.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.Call;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import io.github.collapseexecutor.testing.http.Outcome;
import io.github.collapseexecutor.testing.http.SameOutcomes;
import io.github.collapseexecutor.testing.http.UnusualBackend;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Unusual responses written by a servlet, and unusual requests, give every client of a collapsing
 * Tomcat what the same application without the filter gives it: status, headers and body bytes,
 * and never the response of a different request. Two Tomcats run the same servlet, one with the
 * filter and one without.
 */
final class CollapseServletFilterUnusualResponsesTest {

  private static final int N = 12;

  /** Larger than Tomcat's response buffer (8 KB): waiters get it from the container's pool. */
  private static final String LARGE = UnusualBackend.TEXT.repeat(80);

  private final CollapseServletFilter filter =
      new CollapseServletFilter(
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/c/**"))
              .waitTimeout(Duration.ofSeconds(10))
              .build());
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(20))
          .build();

  /** The servlet of the collapsing Tomcat holds every request until this many have arrived. */
  private volatile CountDownLatch arrivals = new CountDownLatch(0);

  private final AtomicInteger collapsedInvocations = new AtomicInteger();
  private final List<LoopbackTomcat> tomcats = new ArrayList<>();
  private int plainPort;
  private int collapsingPort;

  @BeforeEach
  void start() throws Exception {
    plainPort = startTomcat(null);
    collapsingPort = startTomcat(filter);
  }

  @AfterEach
  void stop() throws Exception {
    for (LoopbackTomcat tomcat : tomcats) {
      tomcat.close();
    }
  }

  private int startTomcat(CollapseServletFilter collapse) throws Exception {
    App app = new App(collapse != null);
    Filter countArrivals =
        (request, response, chain) -> {
          arrivals.countDown();
          chain.doFilter(request, response);
        };
    LoopbackTomcat tomcat =
        collapse == null
            ? LoopbackTomcat.start(app)
            : LoopbackTomcat.start(app, countArrivals, collapse);
    tomcats.add(tomcat);
    return tomcat.port();
  }

  /** Writes the unusual responses; on the collapsing Tomcat it waits for every request first. */
  private final class App extends HttpServlet {

    private final boolean collapsing;

    App(boolean collapsing) {
      this.collapsing = collapsing;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      if (collapsing) {
        collapsedInvocations.incrementAndGet();
        awaitQuietly(arrivals);
      }
      String path = request.getRequestURI();
      if (path.startsWith("/c/raw/")) {
        response.setContentType("text/plain;charset=ISO-8859-1");
        response
            .getWriter()
            .write(request.getMethod() + " " + path + "?" + request.getQueryString());
        return;
      }
      switch (path) {
        case "/c/chunked" -> {
          response.setContentType("text/plain;charset=UTF-8");
          OutputStream out = response.getOutputStream();
          byte[] text = UnusualBackend.TEXT.getBytes(StandardCharsets.UTF_8);
          for (int i = 0; i < 5; i++) {
            out.write(text, i * text.length / 5, text.length / 5);
            // without the filter this commits the response and sends the body in chunks
            response.flushBuffer();
          }
        }
        case "/c/gzip" -> {
          response.setContentType("text/plain;charset=UTF-8");
          response.setHeader("Vary", "Accept-Encoding");
          String accepted = request.getHeader("Accept-Encoding");
          if (accepted != null && accepted.contains("gzip")) {
            response.setHeader("Content-Encoding", "gzip");
            response.getOutputStream().write(UnusualBackend.gzip(UnusualBackend.TEXT));
          } else {
            response.getOutputStream().write(UnusualBackend.TEXT.getBytes(StandardCharsets.UTF_8));
          }
        }
        case "/c/etag" -> {
          response.setHeader("ETag", UnusualBackend.ETAG);
          response.setHeader("Last-Modified", UnusualBackend.LAST_MODIFIED);
          if (UnusualBackend.ETAG.equals(request.getHeader("If-None-Match"))
              || (request.getHeader("If-None-Match") == null
                  && UnusualBackend.LAST_MODIFIED.equals(request.getHeader("If-Modified-Since")))) {
            response.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
            return;
          }
          response.setContentType("text/plain;charset=UTF-8");
          response.getWriter().write("fresh representation");
        }
        case "/c/large" -> {
          response.setContentType("text/plain;charset=UTF-8");
          response.getWriter().write(LARGE);
        }
        case "/c/empty" -> {
          response.setContentType("text/plain;charset=UTF-8");
          response.setContentLength(0);
        }
        case "/c/no-content" -> response.setStatus(HttpServletResponse.SC_NO_CONTENT);
        case "/c/vary" -> {
          response.setHeader("Vary", "X-Variant");
          response.setContentType("text/plain;charset=UTF-8");
          response.getWriter().write("variant=" + request.getHeader("X-Variant"));
        }
        case "/c/head" -> {
          response.setHeader("X-Method", request.getMethod());
          response.setContentType("text/plain;charset=UTF-8");
          response.getWriter().write(UnusualBackend.TEXT);
        }
        case "/c/error" -> {
          response.setStatus(503);
          response.setContentType("text/plain;charset=UTF-8");
          response.getWriter().write("down");
        }
        default -> response.sendError(404);
      }
    }

    private void awaitQuietly(CountDownLatch latch) {
      try {
        latch.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private SameOutcomes.Caller caller(int port, boolean keepLength) {
    return call -> {
      HttpRequest.Builder request =
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + call.target()))
              .method(call.method(), HttpRequest.BodyPublishers.noBody())
              .timeout(Duration.ofSeconds(15));
      call.headers().forEach(request::header);
      HttpResponse<byte[]> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      Outcome outcome =
          Outcome.of(response.statusCode(), response.headers().map(), response.body());
      return keepLength ? outcome : outcome.without("Content-Length");
    };
  }

  private Map<Call, Outcome> assertSame(int n, List<Call> calls, boolean keepLength)
      throws Exception {
    Map<Call, Outcome> expected =
        SameOutcomes.withoutCollapse(calls, caller(plainPort, keepLength));
    arrivals = new CountDownLatch(reaching(n, expected));
    SameOutcomes.assertConcurrently(n, expected, caller(collapsingPort, keepLength));
    return expected;
  }

  /**
   * Returns how many of {@code n} calls cycling through {@code expected} reach the filters: Tomcat
   * answers a request line it rejects with 400 before any filter runs.
   */
  private static int reaching(int n, Map<Call, Outcome> expected) {
    List<Outcome> outcomes = List.copyOf(expected.values());
    int reaching = 0;
    for (int i = 0; i < n; i++) {
      reaching += outcomes.get(i % outcomes.size()).status() == 400 ? 0 : 1;
    }
    return reaching;
  }

  /**
   * Compares everything but {@code Content-Length}: the response of the request that ran the chain
   * is sent chunked once it was held back, which is framing, not content.
   */
  private Map<Call, Outcome> assertSame(int n, List<Call> calls) throws Exception {
    return assertSame(n, calls, /* keepLength= */ false);
  }

  @Test
  void aBodyLargerThanTheResponseBufferIsReplayedWholeToEveryWaiter() throws Exception {
    Map<Call, Outcome> expected = assertSame(N, List.of(Call.get("/c/large")));

    assertThat(expected.values())
        .allSatisfy(outcome -> assertThat(outcome.body()).isEqualTo(LARGE));
    assertThat(filter.stats().replayed()).isPositive();
  }

  @Test
  void aBodyTheServletFlushesInChunksIsReplayedWhole() throws Exception {
    Map<Call, Outcome> expected = assertSame(N, List.of(Call.get("/c/chunked")));

    assertThat(expected.values())
        .allSatisfy(outcome -> assertThat(outcome.body()).isEqualTo(UnusualBackend.TEXT));
    assertThat(filter.stats().replayed()).isPositive();
  }

  @Test
  void compressedBodiesAreReplayedOnlyToRequestsThatAcceptTheirEncoding() throws Exception {
    Map<Call, Outcome> expected =
        assertSame(
            N,
            List.of(
                Call.get("/c/gzip", "Accept-Encoding", "gzip"),
                Call.get("/c/gzip"),
                Call.get("/c/gzip", "Accept-Encoding", "gzip, deflate")));

    assertThat(expected.values())
        .extracting(outcome -> outcome.header("Content-Encoding"))
        .containsExactly("gzip", null, "gzip");
    assertThat(filter.stats().replayed()).isPositive();
  }

  @Test
  void emptyNoContentAndErrorResponsesAreReplayedAsTheyAre() throws Exception {
    Map<Call, Outcome> expected =
        assertSame(
            N, List.of(Call.get("/c/empty"), Call.get("/c/no-content"), Call.get("/c/error")));

    assertThat(expected.values()).extracting(Outcome::status).containsExactly(200, 204, 503);
    assertThat(expected.get(Call.get("/c/empty")).body()).isEmpty();
    assertThat(filter.stats().replayed()).isPositive();
  }

  @Test
  void aNotModifiedResponseIsReplayedOnlyToRequestsWithTheValidatorItAnswers() throws Exception {
    Map<Call, Outcome> expected =
        assertSame(
            N,
            List.of(
                Call.get("/c/etag"),
                Call.get("/c/etag", "If-None-Match", UnusualBackend.ETAG),
                Call.get("/c/etag", "If-None-Match", "\"v0\""),
                Call.get("/c/etag", "If-Modified-Since", UnusualBackend.LAST_MODIFIED)));

    assertThat(expected.values()).extracting(Outcome::status).containsExactly(200, 304, 200, 304);
  }

  @Test
  void aNotModifiedResponseIsReplayedToRequestsWithTheSameValidator() throws Exception {
    Map<Call, Outcome> expected =
        assertSame(N, List.of(Call.get("/c/etag", "If-None-Match", UnusualBackend.ETAG)));

    assertThat(expected.values()).extracting(Outcome::status).containsExactly(304);
    assertThat(filter.stats().replayed()).isPositive();
  }

  @Test
  void aResponseThatVariesOnAHeaderTheWaiterSentDifferentlyIsNotReplayed() throws Exception {
    Map<Call, Outcome> expected =
        assertSame(
            N,
            List.of(
                Call.get("/c/vary", "X-Variant", "en"),
                Call.get("/c/vary", "X-Variant", "de"),
                Call.get("/c/vary")));

    assertThat(expected.values()).extracting(Outcome::body).doesNotHaveDuplicates();
    assertThat(filter.stats().regrouped() + filter.stats().varyKeyed())
        .as("requests grouped by their X-Variant")
        .isPositive();
  }

  @Test
  void everyHeadResponseKeepsTheContentLengthItHasWithoutTheFilter() throws Exception {
    Map<Call, Outcome> expected =
        assertSame(N, List.of(Call.head("/c/head")), /* keepLength= */ true);

    assertThat(expected.get(Call.head("/c/head")).header("Content-Length"))
        .isEqualTo(String.valueOf(UnusualBackend.TEXT.length()));
  }

  @Test
  void headAndGetOfOneUriNeverShareAResponse() throws Exception {
    Map<Call, Outcome> expected = assertSame(N, List.of(Call.head("/c/head"), Call.get("/c/head")));

    Outcome head = expected.get(Call.head("/c/head"));
    assertThat(head.header("X-Method")).isEqualTo("HEAD");
    assertThat(head.body()).isEmpty();
    assertThat(expected.get(Call.get("/c/head")).body()).isEqualTo(UnusualBackend.TEXT);
    assertThat(filter.stats().replayed()).isPositive();
  }

  @Test
  void targetsThatDifferOnlyInEncodingAreNeverMerged() throws Exception {
    List<Call> calls = new ArrayList<>();
    UnusualBackend.UNUSUAL_TARGETS.forEach(
        target -> calls.add(Call.get(target.replaceFirst("^/u/", "/c/"))));

    Map<Call, Outcome> expected = assertSame(3 * calls.size(), calls);

    // Tomcat rejects encoded slashes; every other target reaches the servlet and is echoed
    assertThat(expected.get(Call.get("/c/raw/a%2Fb")).status()).isEqualTo(400);
    assertThat(expected.values())
        .filteredOn(outcome -> outcome.status() == 200)
        .extracting(Outcome::body)
        .doesNotHaveDuplicates();
    assertThat(filter.stats().replayed()).isPositive();
  }

  /**
   * Request lines no ordinary client sends: Tomcat rejects some before any filter runs, lets the
   * others through with their raw path and query; either way the outcome is what it is without
   * the filter, and no two of them share a response.
   */
  @Test
  void malformedRequestLinesGetWhatTheyGetWithoutTheFilter() throws Exception {
    List<String> targets =
        List.of(
            "/c/raw/q?v=%zz",
            "/c/raw/q?v=%",
            "/c/raw/q?v=%2",
            "/c/raw/%zz",
            "/c/raw/a%2Fb",
            "/c/raw/a;jsessionid=1",
            "/c/raw/a;jsessionid=2",
            "/c/raw/./a",
            "/c/raw/x/../a",
            "/c/raw/a",
            "/c/raw/q?v=a|b",
            "/c/raw/q?v=\u00e9",
            "/c/raw/q?v=a%00b");
    List<Call> calls = new ArrayList<>();
    targets.forEach(target -> calls.add(Call.get(target)));
    Map<Call, Outcome> expected =
        SameOutcomes.withoutCollapse(calls, call -> raw(plainPort, call.target()));
    int n = 3 * calls.size();
    arrivals = new CountDownLatch(reaching(n, expected));

    SameOutcomes.assertConcurrently(n, expected, call -> raw(collapsingPort, call.target()));

    assertThat(expected.values())
        .filteredOn(outcome -> outcome.status() == 200)
        .extracting(Outcome::body)
        .doesNotHaveDuplicates();
  }

  /** Sends {@code target} byte for byte as the request target; returns status, type and body. */
  private static Outcome raw(int port, String target) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
      socket.setSoTimeout(15_000);
      socket
          .getOutputStream()
          .write(
              ("GET "
                      + target
                      + " HTTP/1.1\r\nHost: 127.0.0.1:"
                      + port
                      + "\r\nConnection: close\r\n\r\n")
                  .getBytes(StandardCharsets.ISO_8859_1));
      byte[] all = socket.getInputStream().readAllBytes();
      String text = new String(all, StandardCharsets.ISO_8859_1);
      int end = text.indexOf("\r\n\r\n");
      String[] lines = text.substring(0, end).split("\r\n");
      int status = Integer.parseInt(lines[0].split(" ")[1]);
      Map<String, List<String>> headers = new LinkedHashMap<>();
      boolean chunked = false;
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        String name = lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
        String value = lines[i].substring(colon + 1).trim();
        chunked |= name.equals("transfer-encoding") && value.equalsIgnoreCase("chunked");
        if (name.equals("content-type")) {
          headers.put(name, List.of(value));
        }
      }
      byte[] body = text.substring(end + 4).getBytes(StandardCharsets.ISO_8859_1);
      return Outcome.of(status, headers, chunked ? dechunk(body) : body);
    }
  }

  private static byte[] dechunk(byte[] chunked) throws IOException {
    InputStream in = new ByteArrayInputStream(chunked);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (; ; ) {
      StringBuilder size = new StringBuilder();
      for (int c = in.read(); c != '\n' && c >= 0; c = in.read()) {
        if (c != '\r') {
          size.append((char) c);
        }
      }
      int length = Integer.parseInt(size.toString().split(";")[0].trim(), 16);
      if (length == 0) {
        return out.toByteArray();
      }
      out.write(in.readNBytes(length));
      in.skip(2);
    }
  }
}
