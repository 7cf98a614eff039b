package io.github.collapseexecutor.grpc;

import static io.github.collapseexecutor.grpc.EchoBackend.ECHO;
import static io.github.collapseexecutor.grpc.EchoBackend.FAIL;
import static io.github.collapseexecutor.grpc.EchoBackend.REASON;
import static io.github.collapseexecutor.grpc.EchoBackend.STREAM;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.grpc.CallCredentials;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What collapses and what passes through, against an in-process service: counts of backend calls
 * with the backend held until every caller waits, so that they hold on a busy machine.
 */
@Timeout(60)
final class CollapseClientInterceptorTest {

  private final EchoBackend backend = EchoBackend.inProcess();
  private final List<AutoCloseable> closing = new ArrayList<>();

  @AfterEach
  void stop() throws Exception {
    for (AutoCloseable each : closing) {
      each.close();
    }
    backend.close();
  }

  @Test
  void fiftyIdenticalCallsMakeAtMostFiveBackendCallsAndEachCallerGetsItsOwnMessage()
      throws Exception {
    Channel channel = channel(CollapseClientInterceptor.builder().build());
    backend.hold(1);

    Callers<String> callers = Callers.start(50, i -> () -> echo(channel, "hello"));
    callers.awaitParked();
    backend.release();

    List<String> answers = callers.values();
    assertThat(answers).allMatch("[nobody] hello"::equals);
    assertThat(backend.calls()).isBetween(1, 5);
    Set<String> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
    distinct.addAll(answers);
    assertThat(distinct).as("callers holding the same message object").hasSize(50);
  }

  @Test
  void theListenerHearsOfEverySharedCallUnderTheInterceptorsName() throws Exception {
    List<BatchReport> reports = new CopyOnWriteArrayList<>();
    CountDownLatch served = new CountDownLatch(20);
    Channel channel =
        channel(
            CollapseClientInterceptor.builder()
                .name("echo")
                .listener(
                    new CollapseListener() {
                      @Override
                      public void batchCompleted(BatchReport report) {
                        reports.add(report);
                        for (int i = 0; i < report.size(); i++) {
                          served.countDown();
                        }
                      }
                    })
                .build());
    backend.hold(1);

    Callers<String> callers = Callers.start(20, i -> () -> echo(channel, "hello"));
    callers.awaitParked();
    backend.release();
    callers.values();

    assertThat(served.await(10, TimeUnit.SECONDS)).as("every caller reported").isTrue();
    assertThat(reports)
        .hasSize(backend.calls())
        .allSatisfy(report -> assertThat(report.executorName()).isEqualTo("echo"))
        .allSatisfy(report -> assertThat(report.succeeded()).isTrue());
  }

  @Test
  void callsWithDifferentRequestsDoNotShare() throws Exception {
    Channel channel = channel(CollapseClientInterceptor.builder().build());
    backend.hold(3);

    Callers<String> callers = Callers.start(30, i -> () -> echo(channel, "request" + i % 3));
    assertThat(backend.awaitArrivals()).as("one call per request arrived").isTrue();
    callers.awaitParked();
    backend.release();

    List<String> answers = callers.values();
    for (int i = 0; i < answers.size(); i++) {
      assertThat(answers.get(i)).isEqualTo("[nobody] request" + i % 3);
    }
    assertThat(backend.calls()).isBetween(3, 15);
  }

  @Test
  void aFailedCallsStatusAndTrailersReachEachCaller() throws Exception {
    Channel channel = channel(CollapseClientInterceptor.builder().build());
    backend.hold(1);

    Callers<String> callers =
        Callers.start(
            10,
            i -> () -> ClientCalls.blockingUnaryCall(channel, FAIL, CallOptions.DEFAULT, "thing"));
    callers.awaitParked();
    backend.release();

    Set<Metadata> trailers = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Throwable failure : callers.failures()) {
      assertThat(failure).isInstanceOf(StatusRuntimeException.class);
      StatusRuntimeException status = (StatusRuntimeException) failure;
      assertThat(status.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
      assertThat(status.getStatus().getDescription()).isEqualTo("nothing for thing");
      assertThat(status.getTrailers().get(REASON)).isEqualTo("no thing");
      trailers.add(status.getTrailers());
    }
    assertThat(trailers).as("callers holding the same trailers").hasSize(10);
    assertThat(backend.calls()).isBetween(1, 5);
  }

  @Test
  void streamingMethodsPassThrough() throws Exception {
    Channel channel = channel(CollapseClientInterceptor.builder().build());
    backend.hold(5);

    Callers<List<String>> callers =
        Callers.start(
            5,
            i ->
                () -> {
                  List<String> received = new ArrayList<>();
                  ClientCalls.blockingServerStreamingCall(
                          channel, STREAM, CallOptions.DEFAULT, "hello")
                      .forEachRemaining(received::add);
                  return received;
                });
    assertThat(backend.awaitArrivals()).as("every streaming call reached the backend").isTrue();
    backend.release();

    assertThat(callers.values()).allMatch(List.of("hello-1", "hello-2")::equals);
    assertThat(backend.calls()).isEqualTo(5);
  }

  @Test
  void methodsNotChosenPassThrough() throws Exception {
    Channel channel =
        channel(
            CollapseClientInterceptor.builder()
                .methods(name -> !name.equals(ECHO.getFullMethodName()))
                .build());
    backend.hold(5);

    Callers<String> callers = Callers.start(5, i -> () -> echo(channel, "hello"));
    assertThat(backend.awaitArrivals()).as("every call reached the backend").isTrue();
    backend.release();

    assertThat(callers.values()).allMatch("[nobody] hello"::equals);
    assertThat(backend.calls()).isEqualTo(5);
  }

  @Test
  void callsWithCallCredentialsDoNotCollapseByDefault() throws Exception {
    Channel channel = channel(CollapseClientInterceptor.builder().build());
    CallOptions withCredentials = CallOptions.DEFAULT.withCallCredentials(new Bearer("shared"));
    backend.hold(5);

    Callers<String> callers =
        Callers.start(
            5, i -> () -> ClientCalls.blockingUnaryCall(channel, ECHO, withCredentials, "hello"));
    assertThat(backend.awaitArrivals()).as("every call reached the backend").isTrue();
    backend.release();

    assertThat(callers.values()).allMatch("[Bearer shared] hello"::equals);
    assertThat(backend.calls()).isEqualTo(5);
  }

  @Test
  void callsWithTheSameCallCredentialsCollapseWhenDeclaredShared() throws Exception {
    Channel channel =
        channel(CollapseClientInterceptor.builder().callCredentialsShared(true).build());
    CallOptions withCredentials = CallOptions.DEFAULT.withCallCredentials(new Bearer("shared"));
    backend.hold(1);

    Callers<String> callers =
        Callers.start(
            20, i -> () -> ClientCalls.blockingUnaryCall(channel, ECHO, withCredentials, "hello"));
    callers.awaitParked();
    backend.release();

    assertThat(callers.values()).allMatch("[Bearer shared] hello"::equals);
    assertThat(backend.calls()).isBetween(1, 5);
  }

  @Test
  void aClosedInterceptorPassesCallsThrough() throws Exception {
    CollapseClientInterceptor collapse = CollapseClientInterceptor.builder().build();
    Channel channel = channel(collapse);
    collapse.close();
    backend.hold(3);

    Callers<String> callers = Callers.start(3, i -> () -> echo(channel, "hello"));
    assertThat(backend.awaitArrivals()).as("every call reached the backend").isTrue();
    backend.release();

    assertThat(callers.values()).allMatch("[nobody] hello"::equals);
    assertThat(backend.calls()).isEqualTo(3);
  }

  @Test
  void switchedOffCallsPassThroughUntilSwitchedOnAgain() throws Exception {
    CollapseClientInterceptor collapse = CollapseClientInterceptor.builder().build();
    Channel channel = channel(collapse);
    collapse.setCollapsing(false);
    assertThat(collapse.isCollapsing()).isFalse();
    backend.hold(3);

    Callers<String> separate = Callers.start(3, i -> () -> echo(channel, "hello"));
    assertThat(backend.awaitArrivals()).as("every call reached the backend").isTrue();
    backend.release();
    assertThat(separate.values()).allMatch("[nobody] hello"::equals);
    assertThat(backend.calls()).isEqualTo(3);

    collapse.setCollapsing(true);
    backend.hold(1);
    Callers<String> collapsed = Callers.start(20, i -> () -> echo(channel, "hello"));
    collapsed.awaitParked();
    backend.release();
    assertThat(collapsed.values()).allMatch("[nobody] hello"::equals);
    assertThat(backend.calls() - 3).as("calls with collapsing on again").isBetween(1, 5);
    assertThat(collapse)
        .hasToString("CollapseClientInterceptor{name=grpc, collapsing=true, closed=false}");
  }

  private Channel channel(CollapseClientInterceptor collapse) {
    ManagedChannel channel = backend.inProcessChannel(collapse);
    closing.add(channel::shutdownNow);
    closing.add(collapse);
    return channel;
  }

  static String echo(Channel channel, String request) {
    return ClientCalls.blockingUnaryCall(channel, ECHO, CallOptions.DEFAULT, request);
  }

  /** Credentials that add a bearer token, as an OAuth client's would. */
  private static final class Bearer extends CallCredentials {

    private final String token;

    Bearer(String token) {
      this.token = token;
    }

    @Override
    public void applyRequestMetadata(
        RequestInfo requestInfo, Executor appExecutor, MetadataApplier applier) {
      Metadata metadata = new Metadata();
      metadata.put(EchoBackend.AUTHORIZATION, "Bearer " + token);
      applier.apply(metadata);
    }
  }
}
