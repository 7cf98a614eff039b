package io.github.collapseexecutor.grpc;

import static io.github.collapseexecutor.grpc.EchoBackend.ECHO;
import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.stub.ClientCalls;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Each caller's deadline and cancellation under collapse, over a real channel on loopback: the
 * server sees a deadline as it would without collapse; a caller that leaves fails as its call
 * would alone, compared with a channel without the interceptor; and the first caller leaving,
 * by its cancel or its deadline, leaves every other caller served. The backend holds the shared
 * call until the interceptor has placed every caller ({@link PlacedCallers}).
 */
@Timeout(60)
final class CallerDeadlinesTest {

  private static final int JOINERS = 20;

  /** A deadline every caller that should be served keeps, however busy the machine. */
  private static final int LONG = 30;

  private final EchoBackend backend = EchoBackend.plaintext();
  private final CollapseClientInterceptor collapse = CollapseClientInterceptor.builder().build();
  private final PlacedCallers placed = new PlacedCallers();
  private final ManagedChannel collapsing = channel(collapse, placed);
  private final ManagedChannel plain = channel();

  /**
   * Connects both channels and loads their classes before any deadline starts, so that a first
   * caller's seconds are not spent on that on a busy machine.
   */
  @BeforeEach
  void warmUp() throws Exception {
    assertThat(echo(plain, CallOptions.DEFAULT)).isEqualTo("[nobody] hello");
    assertThat(echo(collapsing, CallOptions.DEFAULT)).isEqualTo("[nobody] hello");
    assertThat(placed.await(1)).isTrue();
    backend.resetCalls();
  }

  @AfterEach
  void stop() {
    collapsing.shutdownNow();
    plain.shutdownNow();
    collapse.close();
    backend.close();
  }

  @Test
  void aLoneCallersDeadlineReachesTheServerAsWithoutCollapse() throws Exception {
    assertThat(echo(collapsing, seconds(10))).isEqualTo("[nobody] hello");
    assertThat(echo(plain, seconds(10))).isEqualTo("[nobody] hello");

    List<Optional<Deadline>> seen = backend.deadlines();
    assertThat(seen)
        .as("collapse on, then off")
        .hasSize(2)
        .allSatisfy(
            deadline -> {
              assertThat(deadline).as("the call's deadline, at the server").isPresent();
              assertThat(deadline.get().timeRemaining(TimeUnit.SECONDS)).isLessThanOrEqualTo(10);
            });
  }

  @Test
  void theFirstCallerCancelsAfterTwentyJoinedAndTwentyOfTwentyGetTheirAnswer() throws Exception {
    backend.hold(2);
    Watched first = Watched.start(collapsing, seconds(LONG));
    Watched alone = Watched.start(plain, seconds(LONG));
    assertThat(backend.awaitArrivals()).isTrue();
    Callers<String> joiners = Callers.start(JOINERS, i -> () -> echo(collapsing, seconds(LONG)));
    assertThat(placed.await(1 + JOINERS)).as("every caller placed").isTrue();

    first.call.cancel("the caller went away", null);
    alone.call.cancel("the caller went away", null);
    Status cancelled = first.closed.get(20, TimeUnit.SECONDS);
    Status cancelledAlone = alone.closed.get(20, TimeUnit.SECONDS);
    assertThat(backend.awaitCancellation()).as("the call without collapse, cancelled").isTrue();
    backend.release();

    assertThat(joiners.values()).hasSize(JOINERS).allMatch("[nobody] hello"::equals);
    assertThat(cancelled.getCode()).isEqualTo(Status.Code.CANCELLED);
    assertThat(cancelled.getDescription()).isEqualTo(cancelledAlone.getDescription());
    assertThat(backend.calls()).as("the shared call and the one without collapse").isEqualTo(2);
    assertThat(backend.cancellations()).isEqualTo(1);
  }

  /**
   * The first caller's deadline goes out with the shared call, so the server gives up on it when
   * it passes; the callers that joined with later deadlines send the call again, with the latest.
   */
  @Test
  void theFirstCallersDeadlineIsShorterThanTheJoinersAndTwentyOfTwentyGetTheirAnswer()
      throws Exception {
    backend.hold(1);
    Watched first = Watched.start(collapsing, seconds(3));
    assertThat(backend.awaitArrivals()).isTrue();
    Callers<String> joiners = Callers.start(JOINERS, i -> () -> echo(collapsing, seconds(LONG)));
    assertThat(placed.await(1 + JOINERS)).as("every caller placed").isTrue();
    assertThat(first.closed).as("the first caller, still waiting once all joined").isNotDone();

    Status late = first.closed.get(20, TimeUnit.SECONDS);
    assertThat(backend.awaitCancellation()).as("the server gave the first call up").isTrue();
    backend.release();

    assertThat(joiners.values()).hasSize(JOINERS).allMatch("[nobody] hello"::equals);
    assertThat(late.getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
    assertThat(first.deadlinePassedAtClose).isTrue();
    assertThat(backend.calls()).as("the first call, and the one sent again").isEqualTo(2);
    List<Optional<Deadline>> seen = backend.deadlines();
    assertThat(seen).allMatch(Optional::isPresent);
    assertThat(seen.get(1).get())
        .as("the joiners' deadline, later than the first caller's")
        .isGreaterThan(seen.get(0).get());
  }

  @Test
  void aJoinerWithAShorterDeadlineFailsAtItWithThePlainCallsStatus() throws Exception {
    joinerWithAShorterDeadline(channel -> Watched.start(channel, seconds(1)));
  }

  @Test
  void aJoinerWhoseContextHasTheShorterDeadlineFailsAtItWithThePlainCallsStatus() throws Exception {
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    try {
      joinerWithAShorterDeadline(
          channel -> {
            Context.CancellableContext oneSecond =
                Context.current().withDeadlineAfter(1, TimeUnit.SECONDS, timer);
            return oneSecond.call(() -> Watched.start(channel, seconds(LONG)));
          });
    } finally {
      timer.shutdownNow();
    }
  }

  /**
   * A caller that joins with a deadline shorter than the others' fails at it, with the status of
   * a call made with {@code hasty} on the channel without collapse; the others get their answer.
   */
  private void joinerWithAShorterDeadline(Hasty hasty) throws Exception {
    backend.hold(2);
    Watched first = Watched.start(collapsing, seconds(LONG));
    Watched alone = hasty.start(plain);
    assertThat(backend.awaitArrivals()).isTrue();
    Callers<String> joiners = Callers.start(5, i -> () -> echo(collapsing, seconds(LONG)));
    Watched hastyJoiner = hasty.start(collapsing);
    assertThat(placed.await(1 + 5 + 1)).as("every caller placed").isTrue();

    Status late = hastyJoiner.closed.get(20, TimeUnit.SECONDS);
    Status lateAlone = alone.closed.get(20, TimeUnit.SECONDS);
    assertThat(backend.awaitCancellation()).as("the call without collapse, given up").isTrue();
    backend.release();

    assertThat(late.getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
    assertThat(hastyJoiner.deadlinePassedAtClose)
        .as("failed no earlier than its deadline")
        .isTrue();
    assertThat(shape(late.getDescription())).isEqualTo(shape(lateAlone.getDescription()));
    assertThat(first.closed.get(20, TimeUnit.SECONDS).getCode()).isEqualTo(Status.Code.OK);
    assertThat(joiners.values()).allMatch("[nobody] hello"::equals);
    assertThat(backend.calls()).as("the shared call and the one without collapse").isEqualTo(2);
    assertThat(backend.cancellations()).as("the one without collapse").isEqualTo(1);
  }

  @Test
  void fiftyIdenticalCallsWithTheirOwnDeadlinesMakeAtMostFiveServerCalls() throws Exception {
    backend.hold(1);
    Callers<String> callers = Callers.start(50, i -> () -> echo(collapsing, seconds(LONG)));
    assertThat(placed.await(50)).as("every caller placed").isTrue();
    backend.release();

    assertThat(callers.values()).hasSize(50).allMatch("[nobody] hello"::equals);
    assertThat(backend.calls()).isBetween(1, 5);
  }

  /**
   * A deadline's description with its figures and the transport's insight in brackets left out:
   * what tells the reader which deadline passed and how.
   */
  private static String shape(String description) {
    return description.replaceAll("-?\\d+\\.\\d+", "#").replaceFirst(" \\[.*]$", "");
  }

  /** Returns options with a deadline {@code seconds} from now. */
  private static CallOptions seconds(int seconds) {
    return CallOptions.DEFAULT.withDeadlineAfter(seconds, TimeUnit.SECONDS);
  }

  private static String echo(Channel channel, CallOptions options) {
    return ClientCalls.blockingUnaryCall(channel, ECHO, options, "hello");
  }

  private ManagedChannel channel(ClientInterceptor... interceptors) {
    return Grpc.newChannelBuilderForAddress(
            "127.0.0.1", backend.port(), InsecureChannelCredentials.create())
        .intercept(interceptors)
        .build();
  }

  /** Starts a call on a channel, with a deadline of its own. */
  private interface Hasty {

    Watched start(Channel channel) throws Exception;
  }

  /** A call through the plain {@code ClientCall} API, to cancel it and read how it closed. */
  private static final class Watched {

    final ClientCall<String, String> call;
    final CompletableFuture<Status> closed = new CompletableFuture<>();
    volatile boolean deadlinePassedAtClose;

    private Watched(ClientCall<String, String> call) {
      this.call = call;
    }

    /** Starts the call in the current context, whose deadline counts, as the options' does. */
    static Watched start(Channel channel, CallOptions options) {
      Watched watched = new Watched(channel.newCall(ECHO, options));
      Deadline ofContext = Context.current().getDeadline();
      Deadline deadline = ofContext == null ? options.getDeadline() : ofContext;
      watched.call.start(
          new ClientCall.Listener<>() {
            @Override
            public void onClose(Status status, Metadata trailers) {
              watched.deadlinePassedAtClose = deadline != null && deadline.isExpired();
              watched.closed.complete(status);
            }
          },
          new Metadata());
      watched.call.request(1);
      watched.call.sendMessage("hello");
      watched.call.halfClose();
      return watched;
    }
  }
}
