package io.github.collapseexecutor.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A filter before the collapse filter that takes the response's writer before the chain (to write
 * a prefix of its own, or only to hold it) leaves the response's output stream unusable, as the
 * Servlet specification says. Each request must then get the shared body through its writer, as
 * its own run of the chain would have written it, both on the request that ran the chain and on
 * the ones that waited for it; and a chain that asks for the output stream of such a response
 * gets the {@link IllegalStateException} it would have got without the collapse filter.
 */
final class CollapseServletFilterOuterWriterTest {

  private static final int N = 12;

  private final AtomicInteger invocations = new AtomicInteger();
  private final CountDownLatch firstInvocation = new CountDownLatch(1);
  private final List<Throwable> chainFailures = new CopyOnWriteArrayList<>();
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
  private CollapseServletFilter filter;
  private LoopbackTomcat tomcat;

  @AfterEach
  void stop() throws Exception {
    if (tomcat != null) {
      tomcat.close();
    }
  }

  @Test
  @Timeout(60)
  void everyCallerGetsTheSharedBodyAfterItsOwnPrefixThroughTheWriter() throws Exception {
    CountDownLatch waiting = new CountDownLatch(N - 1);
    start(
        HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/text")).build(),
        waiting,
        (request, response) -> {
          response.setContentType("text/plain;charset=UTF-8");
          response.getWriter().write("shared body é");
        });

    List<HttpResponse<String>> responses = getConcurrently("/text", N);

    for (int caller = 1; caller <= N; caller++) {
      HttpResponse<String> response = responses.get(caller - 1);
      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.body()).isEqualTo("outer-" + caller + "\nshared body é");
    }
    assertThat(invocations.get()).isEqualTo(1);
    assertThat(filter.stats().replayed()).isEqualTo(N - 1);
  }

  /** A body over the limit switches to writing straight through, to the writer as well. */
  @Test
  @Timeout(60)
  void aBodyOverTheLimitPassesThroughTheWriter() throws Exception {
    String large = "x".repeat(10_000);
    start(
        HttpCollapseOptions.builder()
            .group(CollapseGroup.ofUris("/large"))
            .maxBodyBytes(1_000)
            .build(),
        new CountDownLatch(0),
        (request, response) -> {
          response.setContentType("text/plain;charset=UTF-8");
          PrintWriter writer = response.getWriter();
          writer.write("head ");
          writer.write(large);
        });

    HttpResponse<String> response = get("/large", 7);

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).isEqualTo("outer-7\nhead " + large);
  }

  @Test
  @Timeout(60)
  void aChainThatAsksForTheOutputStreamGetsTheErrorTheContainerWouldGive() throws Exception {
    start(
        HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/bytes")).build(),
        new CountDownLatch(0),
        (request, response) -> {
          try {
            response.getOutputStream();
          } catch (IllegalStateException expected) {
            chainFailures.add(expected);
            response.getWriter().write("fell back to the writer");
          }
        });

    HttpResponse<String> response = get("/bytes", 3);

    assertThat(chainFailures).hasSize(1);
    assertThat(response.body()).isEqualTo("outer-3\nfell back to the writer");
  }

  /**
   * The request that ran the chain wrote bytes; a waiting request whose own filter took its
   * writer could not have had its chain write them either. It runs its chain itself, and its
   * chain meets the same refusal of the output stream as without the collapse filter.
   */
  @Test
  @Timeout(60)
  void aWaitingRequestWhoseWriterIsTakenRunsTheChainItselfForABodyOfBytes() throws Exception {
    CountDownLatch waiting = new CountDownLatch(N - 1);
    start(
        HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/mixed")).build(),
        waiting,
        (request, response) -> {
          response.setContentType("application/octet-stream");
          try {
            response.getOutputStream().write(new byte[] {1, 2, (byte) 0xff});
          } catch (IllegalStateException writerTaken) {
            chainFailures.add(writerTaken);
            response.getWriter().write("text");
          }
        });

    // the first request, the leader, sends no X-Writer: its outer filter leaves the writer alone
    CompletableFuture<HttpResponse<byte[]>> leader =
        CompletableFuture.supplyAsync(() -> getBytes("/mixed", 1, false));
    assertThat(firstInvocation.await(10, TimeUnit.SECONDS)).isTrue();
    List<CompletableFuture<HttpResponse<byte[]>>> others = new ArrayList<>();
    for (int caller = 2; caller <= N; caller++) {
      int id = caller;
      others.add(CompletableFuture.supplyAsync(() -> getBytes("/mixed", id, id % 2 == 0)));
    }

    assertThat(leader.get(20, TimeUnit.SECONDS).body()).containsExactly(1, 2, 0xff);
    for (int caller = 2; caller <= N; caller++) {
      HttpResponse<byte[]> response = others.get(caller - 2).get(20, TimeUnit.SECONDS);
      if (caller % 2 == 0) {
        assertThat(new String(response.body(), java.nio.charset.StandardCharsets.ISO_8859_1))
            .isEqualTo("outer-" + caller + "\ntext");
      } else {
        assertThat(response.body()).containsExactly(1, 2, 0xff);
      }
    }
    assertThat(chainFailures).hasSize(N / 2);
    assertThat(invocations.get()).isEqualTo(1 + N / 2);
  }

  private interface Handler {
    void handle(HttpServletRequest request, HttpServletResponse response) throws IOException;
  }

  /**
   * Starts a server whose outer filter writes {@code outer-<caller>} through the writer before the
   * chain (unless the request sends {@code X-Writer: no}) and counts the requests that wait; the
   * first run of the handler holds until {@code waiting} is down. The outer filter acts once per
   * request, on its first dispatch.
   */
  private void start(HttpCollapseOptions options, CountDownLatch waiting, Handler handler)
      throws Exception {
    filter = new CollapseServletFilter(options);
    Filter outer =
        (req, res, chain) -> {
          HttpServletRequest request = (HttpServletRequest) req;
          // once per request, as Spring's OncePerRequestFilter does: not again on an async dispatch
          boolean first = request.getDispatcherType() == DispatcherType.REQUEST;
          if (first && !"no".equals(request.getHeader("X-Writer"))) {
            PrintWriter writer = res.getWriter();
            writer.write("outer-" + request.getHeader("X-Caller") + "\n");
          }
          chain.doFilter(req, res);
          if (first && request.isAsyncStarted()) {
            waiting.countDown();
          }
        };
    HttpServlet app =
        new HttpServlet() {
          @Override
          protected void doGet(HttpServletRequest request, HttpServletResponse response)
              throws IOException {
            if (invocations.incrementAndGet() == 1) {
              firstInvocation.countDown();
              try {
                waiting.await(10, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            }
            handler.handle(request, response);
          }
        };
    tomcat = LoopbackTomcat.start(app, outer, filter);
  }

  private List<HttpResponse<String>> getConcurrently(String path, int n) throws Exception {
    List<CompletableFuture<HttpResponse<String>>> futures = new ArrayList<>();
    for (int caller = 1; caller <= n; caller++) {
      int id = caller;
      futures.add(
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return get(path, id);
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              }));
    }
    List<HttpResponse<String>> responses = new ArrayList<>();
    for (CompletableFuture<HttpResponse<String>> future : futures) {
      responses.add(future.get(20, TimeUnit.SECONDS));
    }
    return responses;
  }

  private HttpResponse<String> get(String path, int caller) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + tomcat.port() + path))
            .header("X-Caller", String.valueOf(caller))
            .timeout(Duration.ofSeconds(15))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<byte[]> getBytes(String path, int caller, boolean writer) {
    try {
      return http.send(
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + tomcat.port() + path))
              .header("X-Caller", String.valueOf(caller))
              .header("X-Writer", writer ? "yes" : "no")
              .timeout(Duration.ofSeconds(15))
              .build(),
          HttpResponse.BodyHandlers.ofByteArray());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
