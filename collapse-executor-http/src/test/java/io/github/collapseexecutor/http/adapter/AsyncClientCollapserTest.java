package io.github.collapseexecutor.http.adapter;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseListener;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import io.github.collapseexecutor.http.UnsharedReason;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What each caller of an {@link AsyncClientCollapser} gets through its own future, over a
 * driver whose calls the test completes: one call for callers of one key, a response of its own
 * for each, the shared failure, leaving by cancelling, and the two limits on a wait.
 */
@Timeout(20)
final class AsyncClientCollapserTest {

  private static final RequestHeaders NONE = RequestHeaders.of(name -> List.of(), List::of);
  private static final long WAIT = 10;

  private final BlockingQueue<CompletableFuture<Response>> calls = new LinkedBlockingQueue<>();
  private final List<Response> released = new CopyOnWriteArrayList<>();
  private AsyncClientCollapser collapser = collapser(HttpCollapseOptions.builder());

  @AfterEach
  void close() {
    collapser.close();
  }

  @Test
  void callersOfOneKeyShareOneCallAndEachGetsAResponseOfItsOwn() throws Exception {
    CompletableFuture<Response> leader = execute(new Driver());
    CompletableFuture<Response> waiter = execute(new Driver());

    nextCall().complete(response(200, "ada"));

    Response led = leader.get(WAIT, TimeUnit.SECONDS);
    Response replayed = waiter.get(WAIT, TimeUnit.SECONDS);
    assertThat(List.of(led, replayed))
        .extracting(Response::status, Response::text)
        .containsOnly(tuple(200, "ada"));
    assertThat(led).as("each caller gets an object of its own").isNotSameAs(replayed);
    assertThat(calls).as("one call").isEmpty();
    assertThat(collapser.stats().led()).isEqualTo(1);
    assertThat(collapser.stats().replayed()).isEqualTo(1);
  }

  @Test
  void theSharedFailureReachesEveryCallerAsTheClientRaisedIt() {
    CompletableFuture<Response> leader = execute(new Driver());
    CompletableFuture<Response> waiter = execute(new Driver());
    IOException reset = new IOException("connection reset");

    nextCall().completeExceptionally(reset);

    for (CompletableFuture<Response> caller : List.of(leader, waiter)) {
      assertThatThrownBy(() -> caller.get(WAIT, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .cause()
          .isSameAs(reset);
    }
  }

  @Test
  void aCallerThatCancelsLeavesTheCallToTheOthers() throws Exception {
    CompletableFuture<Response> leader = execute(new Driver());
    CompletableFuture<Response> waiter = execute(new Driver());
    CompletableFuture<Response> call = nextCall();

    leader.cancel(/* mayInterruptIfRunning= */ false);
    call.complete(response(200, "ada"));

    assertThat(call.isCancelled()).as("the others still need the call").isFalse();
    assertThat(waiter.get(WAIT, TimeUnit.SECONDS).text()).isEqualTo("ada");
  }

  @Test
  void theSharedCallIsCancelledOnceEveryCallerLeft() {
    CompletableFuture<Response> leader = execute(new Driver());
    CompletableFuture<Response> waiter = execute(new Driver());
    CompletableFuture<Response> call = nextCall();

    waiter.cancel(/* mayInterruptIfRunning= */ false);
    assertThat(call.isCancelled()).isFalse();
    leader.cancel(/* mayInterruptIfRunning= */ false);

    assertThat(call.isCancelled()).isTrue();
  }

  @Test
  void aLiveResponseThatArrivesForACallerThatLeftIsReleased() throws Exception {
    CompletableFuture<Response> leader = execute(new Driver());
    CompletableFuture<Response> waiter = execute(new Driver());
    leader.cancel(/* mayInterruptIfRunning= */ false);

    Response cookie = new Response(200, List.of(Map.entry("Set-Cookie", "s=1")), bytes("ada"));
    nextCall().complete(cookie);
    nextCall().complete(response(200, "own"));

    assertThat(waiter.get(WAIT, TimeUnit.SECONDS).text())
        .as("a response with a cookie is not shared: the waiter makes its own call")
        .isEqualTo("own");
    assertThat(released).containsExactly(cookie);
  }

  @Test
  void aBodyLargerThanTheLimitGoesStreamingToTheLeaderAndTheWaiterMakesItsOwnCall()
      throws Exception {
    collapser.close();
    collapser = collapser(HttpCollapseOptions.builder().maxBodyBytes(3));
    CompletableFuture<Response> leader = execute(new Driver());
    CompletableFuture<Response> waiter = execute(new Driver());

    nextCall().complete(response(200, "lovelace"));
    nextCall().complete(response(200, "own"));

    assertThat(leader.get(WAIT, TimeUnit.SECONDS).streaming()).isTrue();
    assertThat(waiter.get(WAIT, TimeUnit.SECONDS).text()).isEqualTo("own");
    assertThat(collapser.stats().unshared(UnsharedReason.TOO_LARGE)).isEqualTo(2);
  }

  @Test
  void aWaiterStopsWaitingAtTheWaitTimeoutAndMakesItsOwnCall() throws Exception {
    collapser.close();
    collapser = collapser(HttpCollapseOptions.builder().waitTimeout(Duration.ofMillis(200)));
    execute(new Driver());
    nextCall();
    long start = System.nanoTime();
    CompletableFuture<Response> waiter = execute(new Driver());

    nextCall().complete(response(200, "own"));

    assertThat(waiter.get(WAIT, TimeUnit.SECONDS).text()).isEqualTo("own");
    assertThat(System.nanoTime() - start)
        .isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(200));
    assertThat(collapser.stats().fellBack()).isEqualTo(1);
    assertThat(collapser.stats().unshared(UnsharedReason.WAIT_TIMEOUT)).isEqualTo(1);
  }

  @Test
  void aWaiterWhoseOwnLimitEndsFirstFailsAsItsOwnCallWould() {
    execute(new Driver());
    nextCall();
    Driver limited = new Driver();
    limited.ownLimitNanos = TimeUnit.MILLISECONDS.toNanos(100);

    CompletableFuture<Response> waiter = execute(limited);

    assertThatThrownBy(() -> waiter.get(WAIT, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOf(TimeoutException.class)
        .hasMessage("own limit");
    assertThat(calls).as("no call of its own").isEmpty();
  }

  @Test
  void aListenerThatThrowsAnErrorAtTheWaitTimeoutNeitherHoldsNorFailsTheWaiter() throws Exception {
    collapser.close();
    collapser =
        collapser(
            HttpCollapseOptions.builder()
                .waitTimeout(Duration.ofMillis(200))
                .listener(new BrokenListener()));
    execute(new Driver());
    nextCall();
    CompletableFuture<Response> waiter = execute(new Driver());

    nextCall().complete(response(200, "own"));

    assertThat(waiter.get(WAIT, TimeUnit.SECONDS).text()).isEqualTo("own");
    assertThat(collapser.stats().unshared(UnsharedReason.WAIT_TIMEOUT)).isEqualTo(1);
  }

  @Test
  void aListenerThatThrowsAnErrorAtARefusalLeavesNoCallerWaitingOnTheCall() throws Exception {
    collapser.close();
    collapser = collapser(HttpCollapseOptions.builder().listener(new BrokenListener()));
    CompletableFuture<Response> leader = execute(new Driver());
    CompletableFuture<Response> waiter = execute(new Driver());

    Response cookie = new Response(200, List.of(Map.entry("Set-Cookie", "s=1")), bytes("ada"));
    nextCall().complete(cookie);
    nextCall().complete(response(200, "own"));

    assertThat(leader.get(WAIT, TimeUnit.SECONDS)).isSameAs(cookie);
    assertThat(waiter.get(WAIT, TimeUnit.SECONDS).text()).isEqualTo("own");
    CompletableFuture<Response> next = execute(new Driver());
    nextCall().complete(response(200, "next"));
    assertThat(next.get(WAIT, TimeUnit.SECONDS).text())
        .as("the refused call ended: a later caller makes a call, not a wait")
        .isEqualTo("next");
  }

  @Test
  void aRequestWithABodyMakesItsOwnCallAtOnce() throws Exception {
    execute(new Driver());
    Driver withBody = new Driver();
    withBody.hasBody = true;

    CompletableFuture<Response> own = execute(withBody);
    nextCall();
    nextCall().complete(response(200, "own"));

    assertThat(own.get(WAIT, TimeUnit.SECONDS).text()).isEqualTo("own");
    assertThat(collapser.stats().passedThrough()).isEqualTo(1);
  }

  @Test
  void throughTheFleetTheOtherInstancesLeaderTakesTheResponseOfOneCall() throws Exception {
    MemoryFleet fleet = new MemoryFleet();
    AsyncClientCollapser other = collapser(HttpCollapseOptions.builder().fleet(fleet));
    collapser.close();
    collapser = collapser(HttpCollapseOptions.builder().fleet(fleet));
    try {
      CompletableFuture<Response> first = execute(new Driver());
      CompletableFuture<Response> call = nextCall();
      CompletableFuture<Response> second = execute(other, new Driver());
      assertThat(fleet.waiting.await(WAIT, TimeUnit.SECONDS)).isTrue();

      call.complete(response(200, "ada"));

      assertThat(first.get(WAIT, TimeUnit.SECONDS).text()).isEqualTo("ada");
      assertThat(second.get(WAIT, TimeUnit.SECONDS).text()).isEqualTo("ada");
      assertThat(calls).as("the other instance made no call").isEmpty();
      assertThat(fleet.calls).isEqualTo(1);
    } finally {
      other.close();
    }
  }

  /** A failure is its own instance's: the other instance's leader makes its own call. */
  @Test
  void throughTheFleetAFailedCallLeavesTheOtherInstanceToItsOwn() throws Exception {
    MemoryFleet fleet = new MemoryFleet();
    AsyncClientCollapser other = collapser(HttpCollapseOptions.builder().fleet(fleet));
    collapser.close();
    collapser = collapser(HttpCollapseOptions.builder().fleet(fleet));
    try {
      CompletableFuture<Response> first = execute(new Driver());
      CompletableFuture<Response> call = nextCall();
      CompletableFuture<Response> second = execute(other, new Driver());
      assertThat(fleet.waiting.await(WAIT, TimeUnit.SECONDS)).isTrue();

      call.completeExceptionally(new IOException("connection reset"));
      nextCall().complete(response(200, "own"));

      assertThat(first)
          .failsWithin(WAIT, TimeUnit.SECONDS)
          .withThrowableOfType(ExecutionException.class)
          .withCauseInstanceOf(IOException.class);
      assertThat(second.get(WAIT, TimeUnit.SECONDS).text()).isEqualTo("own");
    } finally {
      other.close();
    }
  }

  private AsyncClientCollapser collapser(HttpCollapseOptions.Builder options) {
    return new AsyncClientCollapser(
        options.group(CollapseGroup.ofUris("/users/*")).build(), "test");
  }

  private CompletableFuture<Response> execute(Driver driver) {
    return execute(collapser, driver);
  }

  private static CompletableFuture<Response> execute(
      AsyncClientCollapser collapser, Driver driver) {
    return collapser.execute(
        RequestTarget.builder("GET", URI.create("http://backend.test/users/1"))
            .headers(NONE)
            .hasBody(driver.hasBody)
            .build(),
        driver);
  }

  private CompletableFuture<Response> nextCall() {
    try {
      CompletableFuture<Response> call = calls.poll(WAIT, TimeUnit.SECONDS);
      assertThat(call).as("a call was made").isNotNull();
      return call;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  private static Response response(int status, String text) {
    return new Response(status, List.of(), bytes(text));
  }

  private static byte[] bytes(String text) {
    return text.getBytes(UTF_8);
  }

  /** A response as a client library would hold it. */
  record Response(
      int status, List<Map.Entry<String, String>> headers, byte[] body, boolean streaming) {

    Response(int status, List<Map.Entry<String, String>> headers, byte[] body) {
      this(status, headers, body, false);
    }

    String text() {
      return new String(body, UTF_8);
    }
  }

  /** A client whose calls are the futures the test completes. */
  private final class Driver implements ClientDriver.Async<Response> {

    private boolean hasBody;
    private long ownLimitNanos = Long.MAX_VALUE;

    @Override
    public CompletableFuture<Response> send() {
      CompletableFuture<Response> call = new CompletableFuture<>();
      calls.add(call);
      return call;
    }

    @Override
    public Head head(Response response) {
      return Head.of(response.status(), null, List.copyOf(response.headers()));
    }

    @Override
    public Flow.Publisher<List<ByteBuffer>> body(Response response) {
      return new OneItem(response.body());
    }

    @Override
    public Response withBody(Response response, Flow.Publisher<List<ByteBuffer>> body) {
      return new Response(
          response.status(), response.headers(), response.body(), /* streaming= */ true);
    }

    @Override
    public void release(Response response) {
      released.add(response);
    }

    @Override
    public Response replay(SharedResponse shared) {
      return new Response(shared.status(), List.of(), shared.bodyCopy());
    }

    @Override
    public long ownWaitLimitNanos() {
      return ownLimitNanos;
    }

    @Override
    public Throwable ownLimitReached() {
      return new TimeoutException("own limit");
    }
  }

  /** A body that arrives whole, as one item, at the first demand. */
  private record OneItem(byte[] body) implements Flow.Publisher<List<ByteBuffer>> {

    @Override
    public void subscribe(Flow.Subscriber<? super List<ByteBuffer>> subscriber) {
      subscriber.onSubscribe(
          new Flow.Subscription() {
            private boolean sent;

            @Override
            public void request(long n) {
              if (!sent) {
                sent = true;
                subscriber.onNext(List.of(ByteBuffer.wrap(body)));
                subscriber.onComplete();
              }
            }

            @Override
            public void cancel() {
              sent = true;
            }
          });
    }
  }

  /** A listener that throws an error, not an exception, at every report an adapter makes. */
  static final class BrokenListener implements HttpCollapseListener {

    @Override
    public void callTimedOut(String executorName) {
      throw new Error("a broken listener");
    }

    @Override
    public void requestUnshared(String executorName, CollapseGroup group, UnsharedReason reason) {
      throw new Error("a broken listener");
    }
  }
}
