package io.github.collapseexecutor.grpc;

import static io.github.collapseexecutor.grpc.EchoBackend.ECHO;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.google.common.util.concurrent.ListenableFuture;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Each caller of a collapsed call keeps its own call: one that leaves (its deadline, its
 * cancellation, its context's) leaves alone, the others keep waiting and get the answer, and the
 * shared call is cancelled only when every caller has left; each listener runs in its caller's
 * context and gets its message when its caller asks. Each test holds the backend with the shared
 * call in it until the callers are waiting, so the counts hold on a busy machine.
 */
@Timeout(60)
final class CallerLeavesTest {

  private static final Context.Key<String> WHO = Context.key("who");

  private final EchoBackend backend = EchoBackend.inProcess();
  private final CollapseClientInterceptor collapse = CollapseClientInterceptor.builder().build();
  private final ManagedChannel channel = backend.inProcessChannel(collapse);

  @AfterEach
  void stop() {
    channel.shutdownNow();
    collapse.close();
    backend.close();
  }

  /**
   * The first caller's deadline goes out with the shared call, so the server gives the call up
   * when it passes; the others, who have none, send the call again, without one. The deadline
   * must outlast the others' joining: seconds, for a busy machine, and not spent loading the
   * channel's classes and starting its transport, which a call made first does.
   */
  @Test
  void theFirstCallersDeadlineEndsItsWaitAndTheOthersSendTheCallAgain() throws Exception {
    assertThat(echo("warm-up")).isEqualTo("[nobody] warm-up");
    backend.resetCalls();
    backend.hold(1);
    Callers<String> first =
        Callers.start(
            1,
            i ->
                () ->
                    ClientCalls.blockingUnaryCall(
                        channel,
                        ECHO,
                        CallOptions.DEFAULT.withDeadlineAfter(3, TimeUnit.SECONDS),
                        "hello"));
    assertThat(backend.awaitArrivals()).isTrue();
    Callers<String> others = Callers.start(5, i -> () -> echo("hello")).awaitParked();

    Throwable late = first.failures().get(0);
    assertThat(backend.awaitCancellation()).as("the server gave the first call up").isTrue();
    backend.release();

    assertThat(Status.fromThrowable(late).getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
    assertThat(others.values()).allMatch("[nobody] hello"::equals);
    assertThat(backend.calls()).isEqualTo(2);
    assertThat(backend.deadlines())
        .as("what the server saw of each call's deadline")
        .extracting(Optional::isPresent)
        .containsExactly(true, false);
  }

  /**
   * The callers that send a call again join it before it goes out: one that answered at once
   * could otherwise end before the last of them is in, and that one would send a call of its own.
   */
  @Test
  void theCallersThatSendTheCallAgainShareOneCallThatAnswersAtOnce() throws Exception {
    assertThat(echo("warm-up")).isEqualTo("[nobody] warm-up");
    backend.resetCalls();
    backend.hold(1);
    ListenableFuture<String> first =
        ClientCalls.futureUnaryCall(
            channel.newCall(ECHO, CallOptions.DEFAULT.withDeadlineAfter(2, TimeUnit.SECONDS)),
            "hello");
    assertThat(backend.awaitArrivals()).isTrue();
    List<ListenableFuture<String>> others = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      others.add(futureEcho());
    }
    backend.answerNewCallsAtOnce();

    Throwable late = catchThrowable(() -> first.get(20, TimeUnit.SECONDS));

    assertThat(Status.fromThrowable(late).getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
    for (ListenableFuture<String> other : others) {
      assertThat(other.get(20, TimeUnit.SECONDS)).isEqualTo("[nobody] hello");
    }
    assertThat(backend.calls()).as("the first call, and the one sent again").isEqualTo(2);
  }

  /** A call sent again that cannot be sent fails its callers instead of leaving them waiting. */
  @Test
  void theCallersThatSendTheCallAgainFailWhenItCannotBeSent() throws Exception {
    AtomicBoolean refusing = new AtomicBoolean();
    ManagedChannel refusingChannel =
        backend.inProcessChannel(
            new ClientInterceptor() {
              @Override
              public <ReqT, RespT> ClientCall<ReqT, RespT> interceptCall(
                  MethodDescriptor<ReqT, RespT> method, CallOptions callOptions, Channel next) {
                if (refusing.get()) {
                  throw new IllegalStateException("no more calls");
                }
                return next.newCall(method, callOptions);
              }
            });
    try {
      Channel collapsing = ClientInterceptors.intercept(refusingChannel, collapse);
      assertThat(CollapseClientInterceptorTest.echo(collapsing, "warm-up"))
          .isEqualTo("[nobody] warm-up");
      backend.hold(1);
      ListenableFuture<String> first =
          ClientCalls.futureUnaryCall(
              collapsing.newCall(ECHO, CallOptions.DEFAULT.withDeadlineAfter(2, TimeUnit.SECONDS)),
              "hello");
      assertThat(backend.awaitArrivals()).isTrue();
      ListenableFuture<String> other =
          ClientCalls.futureUnaryCall(collapsing.newCall(ECHO, CallOptions.DEFAULT), "hello");
      refusing.set(true);

      Throwable late = catchThrowable(() -> first.get(20, TimeUnit.SECONDS));
      Throwable refused = catchThrowable(() -> other.get(20, TimeUnit.SECONDS));

      assertThat(Status.fromThrowable(late).getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
      assertThat(refused).isInstanceOf(ExecutionException.class);
      assertThat(Status.fromThrowable(refused.getCause()).getCause()).hasMessage("no more calls");
    } finally {
      refusingChannel.shutdownNow();
    }
  }

  @Test
  void aJoiningCallersDeadlineEndsItsWaitAlone() throws Exception {
    backend.hold(1);
    Callers<String> others = Callers.start(5, i -> () -> echo("hello")).awaitParked();
    assertThat(backend.awaitArrivals()).isTrue();

    Throwable late =
        catchThrowable(
            () ->
                ClientCalls.blockingUnaryCall(
                    channel,
                    ECHO,
                    CallOptions.DEFAULT.withDeadlineAfter(200, TimeUnit.MILLISECONDS),
                    "hello"));
    backend.release();

    assertThat(late).isInstanceOf(StatusRuntimeException.class);
    assertThat(Status.fromThrowable(late).getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
    assertThat(others.values()).allMatch("[nobody] hello"::equals);
    assertThat(backend.cancellations()).isZero();
    assertThat(backend.calls()).isBetween(1, 5);
  }

  @Test
  void theFirstCallersCancellationLeavesTheOthersServed() throws Exception {
    backend.hold(1);
    ListenableFuture<String> first = futureEcho();
    assertThat(backend.awaitArrivals()).isTrue();
    Callers<String> others = Callers.start(5, i -> () -> echo("hello")).awaitParked();

    first.cancel(/* mayInterruptIfRunning= */ true);
    backend.release();

    assertThat(first.isCancelled()).isTrue();
    assertThat(others.values()).allMatch("[nobody] hello"::equals);
    assertThat(backend.cancellations()).isZero();
    assertThat(backend.calls()).isEqualTo(1);
  }

  @Test
  void theFirstCallersCancelledContextLeavesTheOthersServed() throws Exception {
    backend.hold(1);
    Context.CancellableContext context = Context.current().withCancellation();
    ListenableFuture<String> first = context.call(this::futureEcho);
    assertThat(backend.awaitArrivals()).isTrue();
    List<ListenableFuture<String>> others = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      others.add(futureEcho());
    }

    context.cancel(null);
    ExecutionException cancelled =
        (ExecutionException) catchThrowable(() -> first.get(10, TimeUnit.SECONDS));
    backend.release();

    assertThat(Status.fromThrowable(cancelled.getCause()).getCode())
        .isEqualTo(Status.Code.CANCELLED);
    for (ListenableFuture<String> other : others) {
      assertThat(other.get(10, TimeUnit.SECONDS)).isEqualTo("[nobody] hello");
    }
    assertThat(backend.cancellations()).isZero();
    assertThat(backend.calls()).isEqualTo(1);
  }

  @Test
  void theSharedCallIsCancelledWhenEveryCallerHasLeft() throws Exception {
    backend.hold(1);
    List<ListenableFuture<String>> callers = new ArrayList<>();
    callers.add(futureEcho());
    assertThat(backend.awaitArrivals()).isTrue();
    callers.add(futureEcho());
    callers.add(futureEcho());

    callers.forEach(caller -> caller.cancel(/* mayInterruptIfRunning= */ true));

    assertThat(backend.awaitCancellation()).as("the backend's call was cancelled").isTrue();
    assertThat(backend.calls()).isEqualTo(1);
  }

  @Test
  void eachCallersListenerRunsInItsOwnContext() throws Exception {
    backend.hold(1);
    List<CompletableFuture<String>> seen = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      CompletableFuture<String> who = new CompletableFuture<>();
      seen.add(who);
      Context.current()
          .withValue(WHO, "caller" + i)
          .run(
              () -> {
                ClientCall<String, String> call = channel.newCall(ECHO, CallOptions.DEFAULT);
                call.start(
                    new ClientCall.Listener<>() {
                      @Override
                      public void onClose(Status status, Metadata trailers) {
                        who.complete(WHO.get() + " " + status.getCode());
                      }
                    },
                    new Metadata());
                call.request(1);
                call.sendMessage("hello");
                call.halfClose();
              });
    }
    assertThat(backend.awaitArrivals()).isTrue();
    backend.release();

    for (int i = 0; i < 5; i++) {
      assertThat(seen.get(i).get(10, TimeUnit.SECONDS)).isEqualTo("caller" + i + " OK");
    }
    assertThat(backend.calls()).isEqualTo(1);
  }

  /**
   * The {@code ClientCall} contract: a listener gets a message only once its caller asked for it
   * with {@code request}, even when the shared call answered before.
   */
  @Test
  void theMessageWaitsForTheCallersRequest() throws Exception {
    backend.hold(1);
    List<String> heard = new CopyOnWriteArrayList<>();
    CompletableFuture<Status> closed = new CompletableFuture<>();
    ClientCall<String, String> late = channel.newCall(ECHO, CallOptions.DEFAULT);
    late.start(
        new ClientCall.Listener<>() {
          @Override
          public void onMessage(String message) {
            heard.add(message);
          }

          @Override
          public void onClose(Status status, Metadata trailers) {
            closed.complete(status);
          }
        },
        new Metadata());
    late.sendMessage("hello");
    late.halfClose();
    assertThat(backend.awaitArrivals()).isTrue();
    Callers<String> other =
        Callers.start(1, i -> () -> CollapseClientInterceptorTest.echo(channel, "hello"))
            .awaitParked();
    backend.release();

    assertThat(other.values()).containsExactly("[nobody] hello");
    assertThat(heard).as("messages before any request").isEmpty();
    assertThat(closed).isNotDone();

    late.request(1);

    assertThat(closed.get(10, TimeUnit.SECONDS).getCode()).isEqualTo(Status.Code.OK);
    assertThat(heard).containsExactly("[nobody] hello");
    assertThat(backend.calls()).isEqualTo(1);
  }

  private ListenableFuture<String> futureEcho() {
    return ClientCalls.futureUnaryCall(channel.newCall(ECHO, CallOptions.DEFAULT), "hello");
  }

  private String echo(String request) {
    return CollapseClientInterceptorTest.echo(channel, request);
  }
}
