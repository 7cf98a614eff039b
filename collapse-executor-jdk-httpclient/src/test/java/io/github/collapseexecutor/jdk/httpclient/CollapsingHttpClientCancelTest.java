package io.github.collapseexecutor.jdk.httpclient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.StuckFirstBackend;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A caller that cancels its future, or whose own request timeout ends, while the call it shares
 * hangs: that caller alone fails, at once, as the JDK's client fails such a call, and the call
 * goes on for the others. {@code sendAsync} joins the collapse before it returns, so a future in
 * hand is a caller in place.
 */
final class CollapsingHttpClientCancelTest {

  /** A caller's own timeout: far below the wait timeout and the test's bounded waits. */
  private static final Duration OWN_LIMIT = Duration.ofMillis(300);

  private final StuckFirstBackend backend = new StuckFirstBackend();
  private CollapsingHttpClient client;

  @BeforeEach
  void start() {
    backend.start();
    client =
        CollapsingHttpClient.wrap(
            HttpClient.newHttpClient(),
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/slow/*"))
                .waitTimeout(Duration.ofSeconds(15))
                .build());
  }

  @AfterEach
  void stop() {
    backend.stop();
    client.close();
  }

  @Test
  @Timeout(20)
  void aCancelledWaiterLeavesWhileTheCallGoesOnForTheLeader() throws Exception {
    CompletableFuture<HttpResponse<String>> leader = send(request());
    backend.awaitFirst();
    CompletableFuture<HttpResponse<String>> waiter = send(request());

    assertThat(waiter.cancel(/* mayInterruptIfRunning= */ true)).isTrue();
    backend.release();

    assertThat(leader.get(10, TimeUnit.SECONDS).body()).isEqualTo("call 1");
    assertThatThrownBy(waiter::join).isInstanceOf(CancellationException.class);
    assertThat(backend.calls()).as("the cancelled waiter made no call of its own").isEqualTo(1);
  }

  @Test
  @Timeout(20)
  void aCancelledLeaderLeavesWhileTheCallGoesOnForTheWaiter() throws Exception {
    CompletableFuture<HttpResponse<String>> leader = send(request());
    backend.awaitFirst();
    CompletableFuture<HttpResponse<String>> waiter = send(request());

    leader.cancel(/* mayInterruptIfRunning= */ true);
    backend.release();

    assertThat(waiter.get(10, TimeUnit.SECONDS).body()).isEqualTo("call 1");
    assertThat(backend.calls()).isEqualTo(1);
  }

  @Test
  @Timeout(30)
  void aWaiterWithAShorterRequestTimeoutFailsWhenItEnds() throws Exception {
    CompletableFuture<HttpResponse<String>> leader = send(request());
    backend.awaitFirst();
    HttpRequest hurried =
        HttpRequest.newBuilder(request(), (name, value) -> true).timeout(OWN_LIMIT).build();

    // the shared call is still stuck: only the waiter's own timeout can end its wait this soon
    assertThatThrownBy(() -> client.send(hurried, BodyHandlers.ofString()))
        .isInstanceOf(HttpTimeoutException.class)
        .hasMessage("request timed out");
    assertThat(leader).isNotDone();
    backend.release();
    assertThat(leader.get(10, TimeUnit.SECONDS).body()).isEqualTo("call 1");
    assertThat(backend.calls()).as("the waiter made no call of its own").isEqualTo(1);
    assertThat(client.stats().fellBack()).isZero();
  }

  @Test
  @Timeout(30)
  void theLeadersRequestTimeoutEndsTheLeaderAloneAndNotTheSharedCall() throws Exception {
    HttpRequest hurried =
        HttpRequest.newBuilder(request(), (name, value) -> true).timeout(OWN_LIMIT).build();
    CompletableFuture<HttpResponse<String>> leader = send(hurried);
    // at once, not once the call reached the server: the leader's timeout runs from its send, and
    // a waiter that came after it would find no call to join
    CompletableFuture<HttpResponse<String>> waiter = send(request());
    backend.awaitFirst();

    assertThatThrownBy(() -> leader.get(10, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOf(HttpTimeoutException.class);
    assertThat(waiter).isNotDone();
    backend.release();
    assertThat(waiter.get(10, TimeUnit.SECONDS).body()).isEqualTo("call 1");
    assertThat(backend.calls()).isEqualTo(1);
  }

  private CompletableFuture<HttpResponse<String>> send(HttpRequest request) {
    return client.sendAsync(request, BodyHandlers.ofString());
  }

  private HttpRequest request() {
    return HttpRequest.newBuilder(URI.create(backend.baseUrl() + "/slow/1")).build();
  }
}
