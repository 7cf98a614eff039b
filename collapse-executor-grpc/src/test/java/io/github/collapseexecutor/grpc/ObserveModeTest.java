package io.github.collapseexecutor.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseListener;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Observe mode of both interceptors: identical unary calls held at the server until all of a round
 * have arrived each make their own call and run the handler, with the answers they get without
 * the interceptor, and the listener hears that all but the first would have joined; callers that
 * send different credentials never count as joins.
 */
@Timeout(60)
final class ObserveModeTest {

  private static final int CALLERS = 12;

  private static final ClientInterceptor NO_INTERCEPTOR =
      new ClientInterceptor() {
        @Override
        public <ReqT, RespT> ClientCall<ReqT, RespT> interceptCall(
            MethodDescriptor<ReqT, RespT> method, CallOptions options, Channel next) {
          return next.newCall(method, options);
        }
      };

  @Test
  void clientIdenticalCallsEachReachTheServerAndAllButOneWouldJoin() throws Exception {
    Observations heard = new Observations();
    try (EchoBackend backend = EchoBackend.inProcess()) {
      // an interceptor that adds nothing: the channel as without the library
      ManagedChannel plain = backend.inProcessChannel(NO_INTERCEPTOR);
      ManagedChannel observing = backend.inProcessChannel(observingClient(heard));
      try {
        List<String> without = clientRound(backend, plain, i -> "token");
        backend.resetCalls();

        List<String> observed = clientRound(backend, observing, i -> "token");

        assertThat(backend.calls()).as("server calls").isEqualTo(CALLERS);
        assertThat(observed).as("as without the interceptor").isEqualTo(without);
        heard.assertRound(CALLERS - 1, List.of(CALLERS));
      } finally {
        plain.shutdownNow();
        observing.shutdownNow();
      }
    }
  }

  @Test
  void clientCallsWithDifferentCredentialsNeverCountAsJoins() throws Exception {
    Observations heard = new Observations();
    try (EchoBackend backend = EchoBackend.inProcess()) {
      ManagedChannel observing = backend.inProcessChannel(observingClient(heard));
      try {
        List<String> observed = clientRound(backend, observing, i -> "user-" + i);

        assertThat(backend.calls()).isEqualTo(CALLERS);
        for (int i = 0; i < CALLERS; i++) {
          assertThat(observed.get(i)).isEqualTo("[user-" + i + "] hello");
        }
        heard.assertRound(0, Collections.nCopies(CALLERS, 1));
      } finally {
        observing.shutdownNow();
      }
    }
  }

  /**
   * Hazard: a key whose calls all ended must be forgotten, or every later call of it would count
   * as joining a call long over. A round that fails is counted as collapse shares it (every
   * caller gets the status), and the call after it would have made its own call.
   */
  @Test
  void clientFailedCallsCountAsSharedAndTheirKeyEndsWithThem() throws Exception {
    Observations heard = new Observations();
    try (EchoBackend backend = EchoBackend.inProcess()) {
      ManagedChannel observing = backend.inProcessChannel(observingClient(heard));
      try {
        backend.hold(CALLERS);
        Callers<Status.Code> callers = Callers.start(CALLERS, i -> () -> failedCode(observing));
        assertThat(backend.awaitArrivals()).as("every call arrived").isTrue();
        backend.release();

        assertThat(callers.values()).containsOnly(Status.Code.NOT_FOUND);
        heard.assertRound(CALLERS - 1, List.of(CALLERS));

        backend.hold(1);
        Callers<Status.Code> later = Callers.start(1, i -> () -> failedCode(observing));
        assertThat(backend.awaitArrivals()).isTrue();
        backend.release();
        assertThat(later.values()).containsExactly(Status.Code.NOT_FOUND);
        assertThat(backend.calls()).isEqualTo(CALLERS + 1);
        assertThat(heard.wouldJoin).as("the later call joins nothing").hasValue(CALLERS - 1);
        assertThat(heard.fanIn).containsExactlyInAnyOrder(CALLERS, 1);
      } finally {
        observing.shutdownNow();
      }
    }
  }

  private static Status.Code failedCode(Channel channel) {
    try {
      ClientCalls.blockingUnaryCall(channel, EchoBackend.FAIL, CallOptions.DEFAULT, "thing");
      return Status.Code.OK;
    } catch (StatusRuntimeException e) {
      return e.getStatus().getCode();
    }
  }

  @Test
  void serverIdenticalCallsEachRunTheHandlerAndAllButOneWouldJoin() throws Exception {
    Observations heard = new Observations();
    CollapseServerInterceptor observing =
        CollapseServerInterceptor.builder().observeOnly(true).listener(heard).build();
    List<String> without;
    CollapseServerInterceptor off = CollapseServerInterceptor.builder().build();
    off.setCollapsing(false);
    try (HeldEchoService service = HeldEchoService.inProcess(off)) {
      without = serverRound(service, i -> "token");
    }
    try (HeldEchoService service = HeldEchoService.inProcess(observing)) {
      List<String> observed = serverRound(service, i -> "token");

      assertThat(service.runs()).as("handler runs").isEqualTo(CALLERS);
      assertThat(observed).as("as without the interceptor").isEqualTo(without);
      heard.assertRound(CALLERS - 1, List.of(CALLERS));
    }
  }

  @Test
  void serverCallsWithDifferentCredentialsNeverCountAsJoins() throws Exception {
    Observations heard = new Observations();
    CollapseServerInterceptor observing =
        CollapseServerInterceptor.builder().observeOnly(true).listener(heard).build();
    try (HeldEchoService service = HeldEchoService.inProcess(observing)) {
      List<String> observed = serverRound(service, i -> "user-" + i);

      assertThat(service.runs()).isEqualTo(CALLERS);
      for (int i = 0; i < CALLERS; i++) {
        assertThat(observed.get(i)).isEqualTo("[user-" + i + "] hello");
      }
      heard.assertRound(0, Collections.nCopies(CALLERS, 1));
    }
  }

  private static CollapseClientInterceptor observingClient(CollapseListener listener) {
    return CollapseClientInterceptor.builder().observeOnly(true).listener(listener).build();
  }

  /**
   * Sends {@link #CALLERS} calls at once, caller {@code i} with {@code authorization: token(i)},
   * all held at the backend until every one has arrived.
   */
  private static List<String> clientRound(
      EchoBackend backend, Channel channel, IntFunction<String> token) throws Exception {
    backend.hold(CALLERS);
    Callers<String> callers = Callers.start(CALLERS, i -> () -> echo(channel, token.apply(i)));
    assertThat(backend.awaitArrivals()).as("every call arrived").isTrue();
    backend.release();
    return callers.values();
  }

  /** As {@link #clientRound}, each run held until every call reached the service. */
  private static List<String> serverRound(HeldEchoService service, IntFunction<String> token)
      throws Exception {
    ManagedChannel channel = service.inProcessChannel();
    try {
      service.reset();
      service.expect(CALLERS);
      return Callers.start(CALLERS, i -> () -> echo(channel, token.apply(i))).values();
    } finally {
      channel.shutdownNow();
    }
  }

  private static String echo(Channel channel, String token) {
    Metadata metadata = new Metadata();
    metadata.put(EchoBackend.AUTHORIZATION, token);
    Channel withToken =
        ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(metadata));
    return ClientCalls.blockingUnaryCall(withToken, EchoBackend.ECHO, CallOptions.DEFAULT, "hello");
  }

  /** What the interceptor's listener heard of observed calls and would-be shared calls. */
  private static final class Observations implements CollapseListener {

    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicInteger wouldJoin = new AtomicInteger();
    private final List<String> unshared = new CopyOnWriteArrayList<>();
    private final List<Integer> fanIn = new CopyOnWriteArrayList<>();
    private final List<String> keys = new CopyOnWriteArrayList<>();

    @Override
    public void callObserved(String executorName, boolean joins, @Nullable String reason) {
      calls.incrementAndGet();
      if (joins) {
        wouldJoin.incrementAndGet();
      }
      if (reason != null) {
        unshared.add(reason);
      }
    }

    @Override
    public void runObserved(String executorName, String key, int callers) {
      fanIn.add(callers);
      keys.add(key);
    }

    /** Asserts one round of {@link #CALLERS} calls, heard before each caller had its answer. */
    void assertRound(int joins, List<Integer> runs) {
      assertThat(calls).hasValue(CALLERS);
      assertThat(wouldJoin).as("would join").hasValue(joins);
      assertThat(unshared).as("not shared").isEmpty();
      assertThat(fanIn).as("callers per would-be call").containsExactlyInAnyOrderElementsOf(runs);
      // shown as the method and a short hash, never the request or the token
      assertThat(keys).allMatch(key -> key.matches("test\\.Echo/(Echo|Fail) #[0-9a-f]{6}"));
    }
  }
}
