package io.github.collapseexecutor.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.Arrivals;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.LeavingClient;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The leading request ends on its own, its client gone or its async request timed out: that
 * ends it alone. The waiting requests get the handler's answer when it comes, or run the chain
 * themselves; never a response that came of the leading request's own end.
 */
@Timeout(60)
final class CollapseServletFilterLeaderEndsTest {

  /** The waiting requests held in the leading request's call; with it, 50 requests. */
  private static final int WAITING = 49;

  /** The leading request's own async timeout; the others' requests have none. */
  private static final long LEADER_ASYNC_TIMEOUT_MS = 200;

  private final AtomicInteger runs = new AtomicInteger();
  private final Arrivals arrivals = new Arrivals();
  private final CompletableFuture<Void> placed = new CompletableFuture<>();
  private final CompletableFuture<Void> release = new CompletableFuture<>();
  private final CollapseServletFilter filter =
      new CollapseServletFilter(
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/sync", "/async"))
              .observations(arrivals.inCollapse())
              .build());
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
  private LoopbackTomcat tomcat;

  @BeforeEach
  void start() throws Exception {
    tomcat = LoopbackTomcat.start(new App(), filter);
  }

  @AfterEach
  void stop() throws Exception {
    release.complete(null);
    tomcat.close();
    filter.close();
  }

  /**
   * Counts its runs. The first waits until every request of the round has its place in the
   * filter; {@code /sync} then answers once the test lets it go; {@code /async} goes async, the
   * first with a timeout of its own, and answers once the test lets it go.
   */
  private final class App extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      int run = runs.incrementAndGet();
      if (run == 1) {
        await(placed);
      }
      if (request.getRequestURI().equals("/sync")) {
        if (run == 1) {
          await(release);
        }
        answer(response, run);
        return;
      }
      AsyncContext async = request.startAsync();
      async.setTimeout(run == 1 ? LEADER_ASYNC_TIMEOUT_MS : 0);
      if (run > 1) {
        // the leading request's answer would come after its own timeout: it never comes
        release.thenRun(
            () ->
                async.start(
                    () -> {
                      try {
                        answer((HttpServletResponse) async.getResponse(), run);
                      } catch (IOException clientGone) {
                        // nobody is left to tell
                      } finally {
                        async.complete();
                      }
                    }));
      }
    }

    private void await(CompletableFuture<Void> gate) {
      gate.copy().orTimeout(10, TimeUnit.SECONDS).exceptionally(late -> null).join();
    }

    private void answer(HttpServletResponse response, int run) throws IOException {
      response.setContentType("text/plain;charset=UTF-8");
      response.getWriter().write("run " + run);
    }
  }

  private CompletableFuture<HttpResponse<String>> send(String path) {
    return http.sendAsync(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + tomcat.port() + path))
            .timeout(Duration.ofSeconds(20))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** Sends the waiting requests once the leading one has its place; returns when they have. */
  private List<CompletableFuture<HttpResponse<String>>> sendWaiting(String path) {
    arrivals.await();
    arrivals.expect(WAITING);
    List<CompletableFuture<HttpResponse<String>>> waiting = new ArrayList<>();
    for (int i = 0; i < WAITING; i++) {
      waiting.add(send(path));
    }
    arrivals.await();
    placed.complete(null);
    return waiting;
  }

  @Test
  void whenTheLeadingRequestsClientLeavesTheWaitingRequestsStillGetTheHandlersAnswer()
      throws Exception {
    arrivals.expect(1);
    LeavingClient leader = LeavingClient.get(tomcat.port(), "/sync");
    List<CompletableFuture<HttpResponse<String>>> waiting = sendWaiting("/sync");

    leader.close();
    release.complete(null);

    assertThat(Concurrently.results(waiting))
        .allSatisfy(
            response -> {
              assertThat(response.statusCode()).isEqualTo(200);
              assertThat(response.body()).isEqualTo("run 1");
            });
    assertThat(runs.get()).isEqualTo(1);
    assertThat(filter.stats().replayed()).isEqualTo(WAITING);
  }

  @Test
  void theLeadingRequestsAsyncTimeoutReachesItAloneAndTheWaitingRequestsGetTheirOwnAnswers()
      throws Exception {
    arrivals.expect(1);
    CompletableFuture<HttpResponse<String>> leader = send("/async");
    List<CompletableFuture<HttpResponse<String>>> waiting = sendWaiting("/async");

    // the leading request's own timeout ends it before any answer is ready
    assertThat(leader.get(20, TimeUnit.SECONDS).statusCode()).isEqualTo(500);
    release.complete(null);

    List<HttpResponse<String>> responses = Concurrently.results(waiting);
    assertThat(responses)
        .allSatisfy(
            response -> {
              assertThat(response.statusCode()).isEqualTo(200);
              assertThat(response.body()).startsWith("run ").isNotEqualTo("run 1");
            });
    assertThat(responses).extracting(HttpResponse::body).doesNotHaveDuplicates();
    assertThat(runs.get()).isEqualTo(1 + WAITING);
    assertThat(filter.stats().fellBack()).isEqualTo(WAITING);
  }
}
