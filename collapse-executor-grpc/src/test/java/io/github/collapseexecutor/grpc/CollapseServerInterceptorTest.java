package io.github.collapseexecutor.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.stub.ClientCalls;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The server interceptor on an in-process server: what each caller of a shared run receives, and
 * that each keeps its own deadline and cancellation.
 */
@Timeout(60)
final class CollapseServerInterceptorTest {

  private @Nullable HeldEchoService service;
  private @Nullable ManagedChannel channel;
  private @Nullable CollapseServerInterceptor collapse;

  private ManagedChannel start(CollapseServerInterceptor interceptor) {
    collapse = interceptor;
    service = HeldEchoService.inProcess(interceptor);
    channel = service.inProcessChannel();
    return channel;
  }

  private ManagedChannel start() {
    return start(CollapseServerInterceptor.builder().build());
  }

  private HeldEchoService service() {
    assertThat(service).isNotNull();
    return service;
  }

  @AfterEach
  void stop() {
    if (channel != null) {
      channel.shutdownNow();
    }
    if (collapse != null) {
      collapse.close();
    }
    if (service != null) {
      service.close();
    }
  }

  @Test
  void everyCallerGetsTheHeadersMessageStatusAndTrailersOfTheRun() throws Exception {
    ManagedChannel channel = start();
    service().expect(10);
    List<CompletableFuture<Outcome>> outcomes = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      outcomes.add(Outcome.of(channel, EchoBackend.ECHO, CallOptions.DEFAULT, "hi"));
    }

    for (CompletableFuture<Outcome> each : outcomes) {
      Outcome outcome = each.get(20, TimeUnit.SECONDS);
      int run = Integer.parseInt(outcome.headers.get(HeldEchoService.RUN).substring(4));
      assertThat(outcome.status.getCode()).isEqualTo(Status.Code.OK);
      assertThat(outcome.messages).containsExactly("[nobody] hi");
      assertThat(outcome.trailers.get(HeldEchoService.TRAILER)).isEqualTo("trailer-" + run);
    }
    assertThat(service().runs()).isBetween(1, 2);
  }

  @Test
  void aFailedRunReachesEveryCallerWithItsStatusDescriptionAndTrailers() throws Exception {
    ManagedChannel channel = start();
    service().expect(10);
    List<CompletableFuture<Outcome>> outcomes = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      outcomes.add(Outcome.of(channel, EchoBackend.FAIL, CallOptions.DEFAULT, "x"));
    }

    for (CompletableFuture<Outcome> each : outcomes) {
      Outcome outcome = each.get(20, TimeUnit.SECONDS);
      assertThat(outcome.status.getCode()).isEqualTo(Status.Code.NOT_FOUND);
      assertThat(outcome.status.getDescription()).isEqualTo("nothing for x");
      assertThat(outcome.messages).isEmpty();
      assertThat(outcome.headers.get(HeldEchoService.RUN)).startsWith("run-");
      assertThat(outcome.trailers.get(EchoBackend.REASON)).isEqualTo("no x");
      assertThat(outcome.trailers.get(HeldEchoService.TRAILER)).startsWith("trailer-");
    }
    assertThat(service().runs()).isBetween(1, 2);
  }

  @Test
  void streamingCallsPassThrough() throws Exception {
    ManagedChannel channel = start();
    service().expect(5);
    List<CompletableFuture<List<String>>> streams = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      streams.add(
          CompletableFuture.supplyAsync(
              () -> {
                List<String> received = new ArrayList<>();
                Iterator<String> answers =
                    ClientCalls.blockingServerStreamingCall(
                        channel, EchoBackend.STREAM, CallOptions.DEFAULT, "s");
                answers.forEachRemaining(received::add);
                return received;
              }));
    }

    for (CompletableFuture<List<String>> each : streams) {
      assertThat(each.get(20, TimeUnit.SECONDS)).containsExactly("s-1", "s-2");
    }
    assertThat(service().streams()).isEqualTo(5);
  }

  @Test
  void aWaitersOwnDeadlineReachesOnlyIt() throws Exception {
    ManagedChannel channel = start();
    service().hold(2);
    CompletableFuture<Outcome> first =
        Outcome.of(channel, EchoBackend.ECHO, CallOptions.DEFAULT, "d");
    service().awaitPlaced(1);
    CompletableFuture<Outcome> second =
        Outcome.of(
            channel,
            EchoBackend.ECHO,
            CallOptions.DEFAULT.withDeadlineAfter(3, TimeUnit.SECONDS),
            "d");
    service().awaitPlaced(2);

    assertThat(second.get(20, TimeUnit.SECONDS).status.getCode())
        .isEqualTo(Status.Code.DEADLINE_EXCEEDED);
    service().awaitCancelledCalls(1);
    service().release();

    Outcome firstOutcome = first.get(20, TimeUnit.SECONDS);
    assertThat(firstOutcome.status.getCode()).isEqualTo(Status.Code.OK);
    assertThat(firstOutcome.messages).containsExactly("[nobody] d");
    assertThat(service().runs()).isEqualTo(1);
    assertThat(service().cancelledRuns()).isZero();
  }

  @Test
  void theFirstCallersDeadlineIsNotTheOthers() throws Exception {
    ManagedChannel channel = start();
    service().hold(2);
    CompletableFuture<Outcome> first =
        Outcome.of(
            channel,
            EchoBackend.ECHO,
            CallOptions.DEFAULT.withDeadlineAfter(3, TimeUnit.SECONDS),
            "d");
    service().awaitPlaced(1);
    CompletableFuture<Outcome> second =
        Outcome.of(channel, EchoBackend.ECHO, CallOptions.DEFAULT, "d");
    service().awaitPlaced(2);

    assertThat(first.get(20, TimeUnit.SECONDS).status.getCode())
        .isEqualTo(Status.Code.DEADLINE_EXCEEDED);
    service().awaitCancelledCalls(1);
    service().release();

    Outcome secondOutcome = second.get(20, TimeUnit.SECONDS);
    assertThat(secondOutcome.status.getCode()).isEqualTo(Status.Code.OK);
    assertThat(secondOutcome.messages).containsExactly("[nobody] d");
    assertThat(service().runs()).isEqualTo(1);
    assertThat(service().cancelledRuns()).isZero();
  }

  @Test
  void aCancelledFirstCallerDoesNotFailTheOthers() throws Exception {
    ManagedChannel channel = start();
    service().hold(3);
    Outcome.Call first = Outcome.start(channel, EchoBackend.ECHO, CallOptions.DEFAULT, "c");
    service().awaitPlaced(1);
    CompletableFuture<Outcome> second =
        Outcome.of(channel, EchoBackend.ECHO, CallOptions.DEFAULT, "c");
    CompletableFuture<Outcome> third =
        Outcome.of(channel, EchoBackend.ECHO, CallOptions.DEFAULT, "c");
    service().awaitPlaced(3);

    first.call().cancel("the first caller leaves", null);
    assertThat(first.outcome().get(20, TimeUnit.SECONDS).status.getCode())
        .isEqualTo(Status.Code.CANCELLED);
    service().awaitCancelledCalls(1);
    service().release();

    for (CompletableFuture<Outcome> other : List.of(second, third)) {
      Outcome outcome = other.get(20, TimeUnit.SECONDS);
      assertThat(outcome.status.getCode()).isEqualTo(Status.Code.OK);
      assertThat(outcome.messages).containsExactly("[nobody] c");
    }
    assertThat(service().runs()).isEqualTo(1);
    assertThat(service().cancelledRuns()).isZero();
  }

  @Test
  void theRunIsCancelledOnceEveryCallerHasLeft() throws Exception {
    ManagedChannel channel = start();
    service().hold(2);
    Outcome.Call first = Outcome.start(channel, EchoBackend.ECHO, CallOptions.DEFAULT, "e");
    Outcome.Call second = Outcome.start(channel, EchoBackend.ECHO, CallOptions.DEFAULT, "e");
    service().awaitPlaced(2);

    first.call().cancel("leaves", null);
    service().awaitCancelledCalls(1);
    assertThat(service().cancelledRuns()).isZero();
    second.call().cancel("leaves too", null);

    assertThat(service().awaitCancelledRun()).isTrue();
    assertThat(service().runs()).isEqualTo(1);
  }

  @Test
  void aCallerThatWaitsLongerThanTheWaitTimeoutRunsTheHandlerItself() throws Exception {
    ManagedChannel channel =
        start(CollapseServerInterceptor.builder().waitTimeout(Duration.ofMillis(50)).build());
    // the first run answers only once the second caller runs the handler on its own
    service().expect(3);
    CompletableFuture<Outcome> first =
        Outcome.of(channel, EchoBackend.ECHO, CallOptions.DEFAULT, "w");
    service().awaitPlaced(1);
    CompletableFuture<Outcome> second =
        Outcome.of(channel, EchoBackend.ECHO, CallOptions.DEFAULT, "w");

    for (CompletableFuture<Outcome> each : List.of(first, second)) {
      Outcome outcome = each.get(20, TimeUnit.SECONDS);
      assertThat(outcome.status.getCode()).isEqualTo(Status.Code.OK);
      assertThat(outcome.messages).containsExactly("[nobody] w");
    }
    assertThat(service().runs()).isEqualTo(2);
  }

  @Test
  void aClosedInterceptorPassesCallsThrough() throws Exception {
    ManagedChannel channel = start();
    collapse.close();
    service().expect(3);
    echoEach(channel, 3);
    assertThat(service().runs()).isEqualTo(3);
  }

  @Test
  void switchedOffCallsPassThroughUntilSwitchedOnAgain() throws Exception {
    ManagedChannel channel = start();
    collapse.setCollapsing(false);
    assertThat(collapse.isCollapsing()).isFalse();
    service().expect(3);
    echoEach(channel, 3);
    assertThat(service().runs()).as("runs with collapsing off").isEqualTo(3);

    collapse.setCollapsing(true);
    service().reset();
    service().expect(10);
    echoEach(channel, 10);
    assertThat(service().runs()).as("runs with collapsing on again").isBetween(1, 2);
    assertThat(collapse)
        .hasToString("CollapseServerInterceptor{name=grpc-server, collapsing=true, closed=false}");
  }

  /** Makes {@code calls} identical echo calls at once, and checks that each got its answer. */
  private static void echoEach(ManagedChannel channel, int calls) throws Exception {
    List<CompletableFuture<Outcome>> outcomes = new ArrayList<>();
    for (int i = 0; i < calls; i++) {
      outcomes.add(Outcome.of(channel, EchoBackend.ECHO, CallOptions.DEFAULT, "p"));
    }
    for (CompletableFuture<Outcome> each : outcomes) {
      assertThat(each.get(20, TimeUnit.SECONDS).messages).containsExactly("[nobody] p");
    }
  }

  /** Everything a client's call received. */
  static final class Outcome {

    /** A call in flight and its outcome to come. */
    record Call(ClientCall<String, String> call, CompletableFuture<Outcome> outcome) {}

    Metadata headers = new Metadata();
    final List<String> messages = new ArrayList<>();
    Status status = Status.UNKNOWN;
    Metadata trailers = new Metadata();

    static CompletableFuture<Outcome> of(
        ManagedChannel channel,
        MethodDescriptor<String, String> method,
        CallOptions options,
        String request) {
      return start(channel, method, options, request).outcome();
    }

    static Call start(
        ManagedChannel channel,
        MethodDescriptor<String, String> method,
        CallOptions options,
        String request) {
      CompletableFuture<Outcome> done = new CompletableFuture<>();
      Outcome outcome = new Outcome();
      ClientCall<String, String> call = channel.newCall(method, options);
      call.start(
          new ClientCall.Listener<>() {
            @Override
            public void onHeaders(Metadata headers) {
              outcome.headers = headers;
            }

            @Override
            public void onMessage(String message) {
              outcome.messages.add(message);
            }

            @Override
            public void onClose(Status status, Metadata trailers) {
              outcome.status = status;
              outcome.trailers = trailers;
              done.complete(outcome);
            }
          },
          new Metadata());
      call.request(2);
      call.sendMessage(request);
      call.halfClose();
      return new Call(call, done);
    }
  }
}
