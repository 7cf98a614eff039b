package io.github.collapseexecutor.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import io.github.collapseexecutor.testing.http.StreamLines;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A stream on a collapsible path reaches its caller as the servlet writes it: the servlet writes
 * and flushes its first event, then waits until the test's client has read that event before it
 * writes the next. A filter that held the stream back until the servlet returned would leave the
 * client with nothing to read, and the servlet waiting for it; the client's bounded reads fail
 * then instead of the test hanging.
 */
final class ServletStreamTest {

  private static final int N = 6;

  /** How long the servlet waits for the test before it goes on regardless. */
  private static final long SERVLET_WAIT_SECONDS = 30;

  private final AtomicInteger invocations = new AtomicInteger();
  private volatile CountDownLatch arrivals = new CountDownLatch(1);
  private volatile CountDownLatch firstEventsRead = new CountDownLatch(1);

  /** Counted down when a request's chain returned to the filter before the collapse one. */
  private final CountDownLatch chainReturned = new CountDownLatch(1);

  private final CollapseServletFilter filter =
      new CollapseServletFilter(
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/events/*"))
              .waitTimeout(Duration.ofSeconds(60))
              .build());
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
  private LoopbackTomcat tomcat;

  @AfterEach
  void stop() throws Exception {
    firstEventsRead.countDown();
    arrivals.countDown();
    if (tomcat != null) {
      tomcat.close();
    }
  }

  private void start() throws Exception {
    Filter countArrivals =
        (request, response, chain) -> {
          arrivals.countDown();
          chain.doFilter(request, response);
          chainReturned.countDown();
        };
    tomcat = LoopbackTomcat.start(new Events(), countArrivals, filter);
  }

  /**
   * Writes event 1, flushes, waits until the test read it, writes event 2. The first request
   * waits until every request of the test has arrived before it says it is a stream, so that the
   * others are waiting for it in the collapse filter by then.
   */
  private final class Events extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      if (invocations.incrementAndGet() == 1) {
        awaitQuietly(arrivals);
      }
      String how = request.getRequestURI().substring("/events/".length());
      switch (how) {
        case "writer" -> {
          response.setContentType("text/event-stream;charset=UTF-8");
          PrintWriter writer = response.getWriter();
          writer.write("data: 1\n\n");
          writer.flush();
          awaitQuietly(firstEventsRead);
          writer.write("data: 2\n\n");
        }
        case "stream" -> {
          response.setHeader("Content-Type", "application/x-ndjson");
          OutputStream out = response.getOutputStream();
          out.write("{\"n\":1}\n".getBytes(StandardCharsets.UTF_8));
          out.flush();
          awaitQuietly(firstEventsRead);
          out.write("{\"n\":2}\n".getBytes(StandardCharsets.UTF_8));
        }
        case "async" -> {
          // as Spring MVC before 7 answers with an SseEmitter: async first, the content type with
          // the first event, from another thread, here once the chain returned
          AsyncContext async = request.startAsync();
          async.start(
              () -> {
                try {
                  awaitQuietly(chainReturned);
                  HttpServletResponse events = (HttpServletResponse) async.getResponse();
                  events.setContentType("text/event-stream");
                  PrintWriter writer = events.getWriter();
                  writer.write("data: 1\n\n");
                  writer.flush();
                  awaitQuietly(firstEventsRead);
                  writer.write("data: 2\n\n");
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                } finally {
                  async.complete();
                }
              });
        }
        default -> {
          // flushBuffer rather than a flush of the writer
          response.setContentType("text/event-stream");
          response.getWriter().write("data: 1\n\n");
          response.flushBuffer();
          awaitQuietly(firstEventsRead);
          response.getWriter().write("data: 2\n\n");
        }
      }
    }

    private void awaitQuietly(CountDownLatch latch) {
      try {
        latch.await(SERVLET_WAIT_SECONDS, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Test
  @Timeout(60)
  void eachEventOfAWriterReachesTheCallerWhenTheServletFlushesIt() throws Exception {
    start();

    assertThat(readInTurn("/events/writer", "data: 1", "data: 2")).isTrue();
    assertThat(filter.stats().unshared(UnsharedReason.STREAM)).isEqualTo(1);
  }

  @Test
  @Timeout(60)
  void eachLineOfAnOutputStreamReachesTheCallerWhenTheServletFlushesIt() throws Exception {
    start();

    assertThat(readInTurn("/events/stream", "{\"n\":1}", "{\"n\":2}")).isTrue();
    assertThat(filter.stats().unshared(UnsharedReason.STREAM)).isEqualTo(1);
  }

  /**
   * The chain went async before it named its content type, so the filter cannot see the stream
   * yet; a request that accepts nothing but a stream is counted a stream, not a response that
   * was not recorded.
   */
  @Test
  @Timeout(60)
  void aStreamThatGoesAsyncBeforeItsContentTypeIsCountedAStream() throws Exception {
    start();

    try (StreamLines events =
        StreamLines.open(
            http,
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + tomcat.port() + "/events/async"))
                .header("Accept", "text/event-stream")
                .build())) {
      assertThat(events.next()).isEqualTo("data: 1");
      firstEventsRead.countDown();
      assertThat(events.next()).isEqualTo("data: 2");
      assertThat(events.next()).isNull();
    }
    assertThat(filter.stats().unshared(UnsharedReason.STREAM)).isEqualTo(1);
    assertThat(filter.stats().unshared(UnsharedReason.NOT_RECORDED)).isZero();
  }

  /** Without a stream in its {@code Accept}, an async chain is counted not recorded. */
  @Test
  @Timeout(60)
  void anAsyncChainForARequestThatAcceptsMoreIsCountedNotRecorded() throws Exception {
    start();

    assertThat(readInTurn("/events/async", "data: 1", "data: 2")).isTrue();
    assertThat(filter.stats().unshared(UnsharedReason.NOT_RECORDED)).isEqualTo(1);
  }

  @Test
  @Timeout(60)
  void aFlushBufferSendsTheEventAtOnce() throws Exception {
    start();

    assertThat(readInTurn("/events/flush-buffer", "data: 1", "data: 2")).isTrue();
  }

  @Test
  @Timeout(90)
  void concurrentCallersOfAStreamEachGetTheirWholeStreamAsItIsWritten() throws Exception {
    arrivals = new CountDownLatch(N);
    firstEventsRead = new CountDownLatch(N);
    start();

    List<List<String>> streams =
        Concurrently.run(
            N,
            () -> {
              try (StreamLines events = open("/events/writer")) {
                List<String> lines = new ArrayList<>();
                lines.add(events.next());
                firstEventsRead.countDown();
                lines.add(events.next());
                lines.add(events.next());
                return lines;
              }
            });

    assertThat(streams)
        .hasSize(N)
        .allSatisfy(lines -> assertThat(lines).containsExactly("data: 1", "data: 2", null));
    assertThat(invocations.get()).as("a stream is never shared").isEqualTo(N);
    assertThat(filter.stats().replayed()).isZero();
    assertThat(filter.stats().unshared(UnsharedReason.STREAM)).isPositive();
  }

  @Test
  @Timeout(60)
  void theNextCallerOfAStreamGoesStraightThrough() throws Exception {
    firstEventsRead.countDown();
    start();

    assertThat(readAll("/events/writer")).containsExactly("data: 1", "data: 2");
    assertThat(readAll("/events/writer")).containsExactly("data: 1", "data: 2");

    assertThat(filter.stats().unshared(UnsharedReason.HIT_FOR_PASS)).isEqualTo(1);
  }

  /**
   * Reads the first line, tells the servlet so, then reads the second and the end; returns
   * whether all came in turn.
   */
  private boolean readInTurn(String path, String first, String second) throws Exception {
    try (StreamLines events = open(path)) {
      assertThat(events.next()).isEqualTo(first);
      firstEventsRead.countDown();
      assertThat(events.next()).isEqualTo(second);
      assertThat(events.next()).isNull();
      return true;
    }
  }

  private List<String> readAll(String path) throws Exception {
    List<String> lines = new ArrayList<>();
    try (StreamLines events = open(path)) {
      for (String line = events.next(); line != null; line = events.next()) {
        lines.add(line);
      }
    }
    return lines;
  }

  /** Opens {@code path}; waits for the response's head a bounded time. */
  private StreamLines open(String path) throws Exception {
    return StreamLines.open(
        http,
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + tomcat.port() + path)).build());
  }
}
