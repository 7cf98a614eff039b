package io.github.collapseexecutor.grpc;

import static io.github.collapseexecutor.grpc.EchoBackend.ECHO;
import static io.github.collapseexecutor.grpc.EchoBackend.FAIL;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.FleetTestAccess;
import io.github.collapseexecutor.redis.RedisFleet;
import io.github.collapseexecutor.testing.LocalRedis;
import io.github.collapseexecutor.testing.TestFleet;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two instances of one application, each with an interceptor on a channel of one name, collapse
 * unary calls through the fleet tier on the Redis on 127.0.0.1:6379 (skipped without it): the
 * second instance's caller takes the reply of the first instance's call, where a caller with
 * another API key makes its own; a failure stays on its instance; a second channel of the same
 * interceptor, which the name does not stand for, stays on its instance; and Redis never holds
 * the key.
 */
@Timeout(60)
final class CollapseClientInterceptorFleetTest {

  private static final Metadata.Key<String> API_KEY =
      Metadata.Key.of("x-api-key", Metadata.ASCII_STRING_MARSHALLER);

  private static final CallOptions.Key<String> CHANNEL_NAME =
      CallOptions.Key.create("channel name");

  private final EchoBackend backend = EchoBackend.inProcess();
  private final TestFleet fleet = new TestFleet();
  private final List<AutoCloseable> closing = new ArrayList<>();
  private FleetCoordinator firstCoordinator;
  private FleetCoordinator secondCoordinator;
  private CollapseClientInterceptor first;
  private CollapseClientInterceptor second;

  @BeforeEach
  void start() throws Exception {
    LocalRedis.assumeRunning();
    firstCoordinator = fleet.connect();
    closing.add(firstCoordinator);
    secondCoordinator = fleet.connect();
    closing.add(secondCoordinator);
    first = interceptor(firstCoordinator);
    second = interceptor(secondCoordinator);
  }

  @AfterEach
  void stop() throws Exception {
    backend.release();
    for (int i = closing.size() - 1; i >= 0; i--) {
      closing.get(i).close();
    }
    backend.close();
  }

  @Test
  void theSecondInstanceTakesTheReplyOfTheFirstInstancesCall() throws Exception {
    Channel one = channel(first);
    Channel two = channel(second);
    backend.hold(1);

    List<String> answers =
        Callers.secondWhileFirstWaits(
            () -> call(one, ECHO, "key-of-alice-123"),
            () -> call(two, ECHO, "key-of-alice-123"),
            this::awaitArrivals,
            () -> {
              FleetTestAccess.awaitWatching(secondCoordinator, 1);
              assertThat(fleet.keyspace())
                  .isNotEmpty()
                  .noneMatch(text -> text.contains("key-of-alice"));
              backend.release();
            });

    assertThat(answers).containsExactly("[nobody] quote", "[nobody] quote");
    assertThat(backend.calls()).isEqualTo(1);
    assertThat(secondCoordinator.stats().joined()).isEqualTo(1);
  }

  @Test
  void aCallerWithAnotherApiKeyMakesItsOwnCall() throws Exception {
    Channel one = channel(first);
    Channel two = channel(second);
    backend.hold(2);

    Callers<String> alice = Callers.start(1, i -> () -> call(one, ECHO, "key-of-alice-123"));
    Callers<String> bob = Callers.start(1, i -> () -> call(two, ECHO, "key-of-bob-456"));
    assertThat(backend.awaitArrivals()).as("both calls reach the backend").isTrue();
    backend.release();

    assertThat(alice.values()).containsExactly("[nobody] quote");
    assertThat(bob.values()).containsExactly("[nobody] quote");
    assertThat(backend.calls()).isEqualTo(2);
  }

  /** A failure reaches the callers of its own instance; the other instance makes its own call. */
  @Test
  void aFailureStaysOnItsInstance() throws Exception {
    Channel one = channel(first);
    Channel two = channel(second);
    backend.hold(1);

    Callers<String> firstCaller = Callers.start(1, i -> () -> call(one, FAIL, "key"));
    awaitArrivals();
    Callers<String> secondCaller = Callers.start(1, i -> () -> call(two, FAIL, "key"));
    FleetTestAccess.awaitWatching(secondCoordinator, 1);
    backend.release();

    for (Callers<String> caller : List.of(firstCaller, secondCaller)) {
      assertThat(caller.failures())
          .singleElement()
          .satisfies(
              failure ->
                  assertThat(Status.fromThrowable(failure).getCode())
                      .isEqualTo(Status.Code.NOT_FOUND));
    }
    assertThat(backend.calls()).isEqualTo(2);
  }

  /**
   * Hazard: one interceptor added to two channels, which may differ in TLS identity or channel
   * credentials. The name stands for the first; a call on the second never meets the other
   * instance's calls.
   */
  @Test
  void aSecondChannelOfTheInterceptorStaysOnItsInstance() throws Exception {
    Channel named = channel(first);
    Channel other = channel(first);
    Channel two = channel(second);
    assertThat(call(named, ECHO, "key")).isEqualTo("[nobody] quote"); // binds the name
    backend.hold(2);

    Callers<String> onOther = Callers.start(1, i -> () -> call(other, ECHO, "key"));
    Callers<String> onTwo = Callers.start(1, i -> () -> call(two, ECHO, "key"));
    assertThat(backend.awaitArrivals()).as("the second instance makes its own call").isTrue();
    backend.release();

    assertThat(onOther.values()).containsExactly("[nobody] quote");
    assertThat(onTwo.values()).containsExactly("[nobody] quote");
    assertThat(backend.calls()).isEqualTo(3);
  }

  /**
   * One interceptor for every channel, each named by a call option that an interceptor of the
   * channel sets (as the Spring Boot integration names the channels of Spring gRPC): calls share
   * across the instances by name, and a call without a name stays on its instance.
   */
  @Test
  void channelsNamedByACallOptionShareByTheirNames() throws Exception {
    CollapseClientInterceptor firstShared =
        CollapseClientInterceptor.builder()
            .fleet(RedisFleet.of(firstCoordinator), options -> options.getOption(CHANNEL_NAME))
            .build();
    CollapseClientInterceptor secondShared =
        CollapseClientInterceptor.builder()
            .fleet(RedisFleet.of(secondCoordinator), options -> options.getOption(CHANNEL_NAME))
            .build();
    closing.add(firstShared);
    closing.add(secondShared);
    Channel one = named(channel(firstShared), "echo");
    Channel two = named(channel(secondShared), "echo");
    backend.hold(1);

    List<String> answers =
        Callers.secondWhileFirstWaits(
            () -> call(one, ECHO, "key"),
            () -> call(two, ECHO, "key"),
            this::awaitArrivals,
            () -> {
              FleetTestAccess.awaitWatching(secondCoordinator, 1);
              backend.release();
            });

    assertThat(answers).containsExactly("[nobody] quote", "[nobody] quote");
    assertThat(backend.calls()).isEqualTo(1);

    backend.hold(2);
    Callers<String> otherName = Callers.start(1, i -> () -> call(one, ECHO, "other-key"));
    Callers<String> noName =
        Callers.start(1, i -> () -> call(channel(secondShared), ECHO, "other-key"));
    assertThat(backend.awaitArrivals()).as("a call without a name makes its own").isTrue();
    backend.release();
    assertThat(otherName.values()).containsExactly("[nobody] quote");
    assertThat(noName.values()).containsExactly("[nobody] quote");
  }

  /** Returns {@code channel}, its calls named {@code name} for the fleet. */
  private static Channel named(Channel channel, String name) {
    return ClientInterceptors.intercept(
        channel,
        new ClientInterceptor() {
          @Override
          public <ReqT, RespT> ClientCall<ReqT, RespT> interceptCall(
              MethodDescriptor<ReqT, RespT> method, CallOptions options, Channel next) {
            return next.newCall(method, options.withOption(CHANNEL_NAME, name));
          }
        });
  }

  private CollapseClientInterceptor interceptor(FleetCoordinator coordinator) {
    CollapseClientInterceptor interceptor =
        CollapseClientInterceptor.builder().fleet(RedisFleet.of(coordinator), "echo").build();
    closing.add(interceptor);
    return interceptor;
  }

  private Channel channel(CollapseClientInterceptor collapse) {
    ManagedChannel channel = backend.inProcessChannel(collapse);
    closing.add(channel::shutdownNow);
    return channel;
  }

  private void awaitArrivals() {
    try {
      assertThat(backend.awaitArrivals()).isTrue();
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  /** Calls {@code method} for {@code "quote"} on {@code channel} with the API key {@code key}. */
  private static String call(Channel channel, MethodDescriptor<String, String> method, String key) {
    Metadata headers = new Metadata();
    headers.put(API_KEY, key);
    Channel withKey =
        ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(headers));
    return ClientCalls.blockingUnaryCall(
        withKey, method, CallOptions.DEFAULT.withDeadlineAfter(20, TimeUnit.SECONDS), "quote");
  }
}
