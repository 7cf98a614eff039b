package io.github.collapseexecutor.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ComparedResponse;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.JoinedCallers;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What a request gets with collapse on is what it would have got with collapse off, on a real
 * Tomcat: the same status, the same headers (those the container writes when it commits the
 * response among them: {@code Content-Language} from the response's locale, the charset in
 * {@code Content-Type}, {@code Content-Length} or {@code Transfer-Encoding}) and the same body,
 * for the request that ran the chain and for every request that got a replay of its response.
 * Only {@code Date}, which the container stamps on each response, and the header the filter
 * before the collapse filter sets for each request are left out of the comparison.
 *
 * <p>Each route is called once on a server without the collapse filter, then by {@link #N}
 * requests at once on one with it, whose servlet holds the first request until the others wait.
 */
@Timeout(60)
final class ReplayedResponseMatchesOwnRunTest {

  private static final int N = 10;

  /** Written for each request by the filter before the collapse filter. */
  private static final String OWN_HEADER = "X-Request-Id";

  private static final Set<String> PER_REQUEST = Set.of("Date", OWN_HEADER);
  private static final Charset UTF_8 = StandardCharsets.UTF_8;

  /** The routes whose response is never shared. */
  private static final Set<String> UNSHARED = Set.of("/error-page", "/trailers");

  /** More than Tomcat's default response buffer of 8 KiB. */
  private static final int LARGE = 20_000;

  private final JoinedCallers joined = new JoinedCallers(N - 1);
  private final CollapseServletFilter collapse =
      new CollapseServletFilter(
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/**"))
              .observations(joined)
              .build());
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(20))
          .build();
  private LoopbackTomcat plain;
  private LoopbackTomcat collapsing;

  @AfterEach
  void stop() throws Exception {
    for (LoopbackTomcat server : new LoopbackTomcat[] {plain, collapsing}) {
      if (server != null) {
        server.close();
      }
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({
    "GET, /locale",
    "GET, /charset",
    "GET, /encoding",
    "GET, /length",
    "GET, /large",
    "HEAD, /large",
    "GET, /buffered",
    "GET, /flushed",
    "GET, /vary",
    "GET, /failed",
    "GET, /error-page",
    "GET, /trailers"
  })
  void everyRequestGetsWhatItsOwnRunWouldHaveGiven(String method, String path) throws Exception {
    plain = LoopbackTomcat.start(new Routes(/* gated= */ false), outerFilter());
    collapsing = LoopbackTomcat.start(new Routes(/* gated= */ true), outerFilter(), collapse);
    ComparedResponse alone = ComparedResponse.of(send(plain, method, path), PER_REQUEST);

    List<HttpResponse<byte[]>> responses =
        Concurrently.run(N, () -> send(collapsing, method, path));

    assertThat(responses)
        .allSatisfy(
            response -> {
              ComparedResponse seen = ComparedResponse.of(response, PER_REQUEST);
              assertThat(seen.status()).isEqualTo(alone.status());
              assertThat(seen.headers()).isEqualTo(alone.headers());
              assertThat(seen.body()).isEqualTo(alone.body());
              assertThat(response.headers().allValues(OWN_HEADER)).hasSize(1);
            });
    // neither sendError nor trailer fields are shared: each request runs the chain itself
    assertThat(collapse.stats().replayed())
        .as("replayed")
        .isEqualTo(UNSHARED.contains(path) ? 0 : N - 1);
  }

  /**
   * Sets a header of each request's own before the chain, and a {@code Vary} of the server's,
   * and after it a content type where the chain set none; once a request, as a {@code OncePerRequestFilter} does: a request that waited and then runs
   * the chain itself comes back through it on an {@code ASYNC} dispatch.
   */
  private static Filter outerFilter() {
    return (request, response, chain) -> {
      if (request.getDispatcherType() == DispatcherType.ASYNC) {
        chain.doFilter(request, response);
        return;
      }
      HttpServletResponse http = (HttpServletResponse) response;
      http.setHeader(OWN_HEADER, Long.toString(System.nanoTime()));
      http.addHeader("Vary", "Origin");
      chain.doFilter(request, response);
      if (http.getContentType() == null) {
        http.setContentType("text/plain");
      }
    };
  }

  private HttpResponse<byte[]> send(LoopbackTomcat server, String method, String path)
      throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
            .method(method, HttpRequest.BodyPublishers.noBody())
            .timeout(Duration.ofSeconds(20))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofByteArray());
  }

  /**
   * One route for each thing a servlet does to its response that the container turns into
   * headers only when it commits the response. On the collapsing server the first request is
   * held until the others wait for it.
   */
  private final class Routes extends HttpServlet {

    private final boolean gated;

    Routes(boolean gated) {
      this.gated = gated;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      if (gated) {
        try {
          joined.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      switch (request.getRequestURI()) {
        case "/locale" -> {
          // Content-Language at commit, and the charset Tomcat maps the locale to
          response.setLocale(Locale.FRANCE);
          response.setContentType("text/html");
          response.getWriter().write("<p>bonjour</p>");
        }
        case "/charset" -> {
          response.setCharacterEncoding("UTF-8");
          response.setContentType("text/plain");
          response.getWriter().write("h\u00e9llo");
        }
        case "/encoding" -> {
          // no content type: the charset goes into the one the filter before sets after
          response.setCharacterEncoding("UTF-8");
          response.getOutputStream().write("h\u00e9llo".getBytes(UTF_8));
        }
        case "/length" -> {
          response.setContentType("application/octet-stream");
          response.setContentLengthLong(LARGE);
          response.getOutputStream().write(new byte[LARGE]);
        }
        case "/large" -> {
          // more than the buffer, no length: chunked
          response.setContentType("application/octet-stream");
          response.getOutputStream().write(new byte[LARGE]);
        }
        case "/buffered" -> {
          // fits in the buffer the servlet asked for: the container counts its length
          response.setBufferSize(4 * LARGE);
          response.setContentType("application/octet-stream");
          response.getOutputStream().write(new byte[LARGE]);
        }
        case "/flushed" -> {
          // committed before its end: chunked, however short
          response.setContentType("text/plain;charset=UTF-8");
          response.getWriter().write("flushed");
          response.flushBuffer();
        }
        case "/vary" -> {
          response.addHeader("Vary", "Accept-Encoding");
          response.setHeader("Cache-Control", "public, max-age=60");
          response.setHeader("ETag", "\"v1\"");
          response.setContentType("application/json");
          response.getOutputStream().write("{\"v\":1}".getBytes(UTF_8));
        }
        case "/failed" -> {
          response.setStatus(500);
          response.setContentType("application/json");
          response.getOutputStream().write("{\"error\":\"failed\"}".getBytes(UTF_8));
        }
        case "/error-page" -> response.sendError(503, "down for now");
        case "/trailers" -> {
          // computed for each response once its body ends: chunked, with the trailer after it
          response.setTrailerFields(() -> Map.of("x-checksum", "42"));
          response.setContentType("text/plain;charset=UTF-8");
          response.getWriter().write("with a trailer");
        }
        default -> response.sendError(404);
      }
    }
  }
}
