package io.github.collapseexecutor.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import io.github.collapseexecutor.testing.http.Placements;
import io.github.collapseexecutor.testing.identity.HeldState;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** When the servlet filter counts a write: before its client can see its response. */
@Timeout(60)
final class ServletWritesTest {

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();

  /**
   * Hazard: a write's handler flushes its response (Spring's message converters do) and its
   * chain returns later; its client reads the response and sends a read, which joins a read that
   * started before the write because the filter counts the write only when the chain returns.
   */
  @Test
  void aWriteCountsOnceItsResponseLeavesBeforeItsChainReturns() throws Exception {
    HeldState state = new HeldState();
    CountDownLatch chainReturns = new CountDownLatch(1);
    Placements placements = new Placements();
    CollapseServletFilter filter =
        new CollapseServletFilter(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/state"))
                .observations(placements.observations())
                .build());
    try (LoopbackTomcat tomcat =
        LoopbackTomcat.start(
            new HttpServlet() {
              @Override
              protected void doGet(HttpServletRequest request, HttpServletResponse response)
                  throws IOException {
                response.getWriter().write(state.read());
              }

              @Override
              protected void doPost(HttpServletRequest request, HttpServletResponse response)
                  throws IOException {
                response.getWriter().write("v" + state.write() + "\n");
                response.flushBuffer();
                try {
                  chainReturns.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              }
            },
            filter)) {
      String base = "http://127.0.0.1:" + tomcat.port() + "/state";
      CompletableFuture<String> first = read(base);
      assertThat(state.awaitFirstRun()).isTrue();
      placements.await(1);

      HttpResponse<InputStream> write =
          http.send(
              HttpRequest.newBuilder(URI.create(base))
                  .POST(HttpRequest.BodyPublishers.ofString("write"))
                  .timeout(Duration.ofSeconds(30))
                  .build(),
              HttpResponse.BodyHandlers.ofInputStream());
      assertThat(new String(write.body().readNBytes(3))).isEqualTo("v1\n");
      CompletableFuture<String> after = read(base);

      assertThat(after.get(30, TimeUnit.SECONDS)).isEqualTo("v1 r2");
      chainReturns.countDown();
      state.release();
      assertThat(first.get(30, TimeUnit.SECONDS)).isEqualTo("v0 r1");
      write.body().close();
    } finally {
      chainReturns.countDown();
      state.release();
      filter.close();
    }
  }

  private CompletableFuture<String> read(String base) {
    return http.sendAsync(
            HttpRequest.newBuilder(URI.create(base)).timeout(Duration.ofSeconds(30)).build(),
            HttpResponse.BodyHandlers.ofString())
        .thenApply(HttpResponse::body);
  }
}
