package io.github.collapseexecutor.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.StuckFirstBackend;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A call that is cancelled, or whose own time limit ends, while it waits for another call's
 * response, as docs/http.md describes it. A cancel does not wake it (a waiting call has no socket
 * of its own to close), but once the shared response is there OkHttp fails it as cancelled. A call
 * timeout or deadline that ends first fails it at that moment, as OkHttp fails a call whose timeout
 * ends, rather than after the wait timeout or the call it joined. Either way it makes no call of
 * its own, and the call it waited for still reaches the caller that made it.
 */
final class CollapseInterceptorCancelTest {

  /** A waiting call's own time limit: far below the wait timeout and the test's bounded waits. */
  private static final Duration OWN_LIMIT = Duration.ofMillis(300);

  private final StuckFirstBackend backend = new StuckFirstBackend();
  private final ExecutorService pool = Executors.newCachedThreadPool();
  private final CountDownLatch waiterEntered = new CountDownLatch(1);
  private CollapseInterceptor interceptor;
  private OkHttpClient client;

  @BeforeEach
  void start() {
    backend.start();
    interceptor =
        new CollapseInterceptor(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/slow/*"))
                .waitTimeout(Duration.ofSeconds(15))
                .build());
    client =
        new OkHttpClient.Builder()
            // runs just before the collapse interceptor: tells the test the waiter is on its way in
            .addInterceptor(
                chain -> {
                  if ("waiter".equals(chain.request().header("X-Role"))) {
                    waiterEntered.countDown();
                  }
                  return chain.proceed(chain.request());
                })
            .addInterceptor(interceptor)
            .build();
  }

  @AfterEach
  void stop() {
    backend.stop();
    interceptor.close();
    pool.shutdownNow();
    client.dispatcher().executorService().shutdown();
    client.connectionPool().evictAll();
  }

  @Test
  @Timeout(20)
  void aCancelledWaiterFailsAsCancelledOnceTheSharedResponseArrives() throws Exception {
    CompletableFuture<String> leader =
        CompletableFuture.supplyAsync(() -> body(client.newCall(request("leader"))), pool);
    backend.awaitFirst();
    Call waiterCall = client.newCall(request("waiter"));
    CompletableFuture<String> waiter = CompletableFuture.supplyAsync(() -> body(waiterCall), pool);
    assertThat(waiterEntered.await(10, TimeUnit.SECONDS)).isTrue();

    waiterCall.cancel();
    backend.release();

    assertThat(leader.get(10, TimeUnit.SECONDS)).isEqualTo("call 1");
    assertThatThrownBy(() -> waiter.get(10, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOf(IllegalStateException.class)
        .cause()
        .isInstanceOf(IOException.class)
        .hasMessageContaining("Canceled");
    assertThat(backend.calls()).as("the cancelled waiter made no call of its own").isEqualTo(1);
  }

  @Test
  @Timeout(30)
  void aWaiterOfAClientWithAShorterCallTimeoutFailsWhenItEnds() throws Exception {
    OkHttpClient hurried = client.newBuilder().callTimeout(OWN_LIMIT).build();

    assertWaiterTimesOutWhileTheSharedCallHangs(hurried.newCall(request("waiter")));
  }

  @Test
  @Timeout(30)
  void aWaiterWhoseCallHasADeadlineFailsWhenItPasses() throws Exception {
    Call call = client.newCall(request("waiter"));
    call.timeout().deadline(OWN_LIMIT.toMillis(), TimeUnit.MILLISECONDS);

    assertWaiterTimesOutWhileTheSharedCallHangs(call);
  }

  private void assertWaiterTimesOutWhileTheSharedCallHangs(Call waiterCall) throws Exception {
    CompletableFuture<String> leader =
        CompletableFuture.supplyAsync(() -> body(client.newCall(request("leader"))), pool);
    backend.awaitFirst();

    CompletableFuture<String> waiter = CompletableFuture.supplyAsync(() -> body(waiterCall), pool);

    // the shared call is still stuck: only the waiter's own limit can end its wait this soon
    assertThatThrownBy(() -> waiter.get(10, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOf(IllegalStateException.class)
        .cause()
        .isInstanceOf(InterruptedIOException.class)
        .hasMessage("timeout");
    assertThat(leader).isNotDone();
    backend.release();
    assertThat(leader.get(10, TimeUnit.SECONDS)).isEqualTo("call 1");
    assertThat(backend.calls()).as("the waiter made no call of its own").isEqualTo(1);
    assertThat(interceptor.stats().fellBack()).isZero();
  }

  private Request request(String role) {
    return new Request.Builder().url(backend.baseUrl() + "/slow/1").header("X-Role", role).build();
  }

  private static String body(Call call) {
    try (Response response = call.execute()) {
      return response.body().string();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
