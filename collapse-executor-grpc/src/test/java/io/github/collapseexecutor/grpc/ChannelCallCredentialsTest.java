package io.github.collapseexecutor.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import io.grpc.CallCredentials;
import io.grpc.CallOptions;
import io.grpc.ChannelCredentials;
import io.grpc.CompositeChannelCredentials;
import io.grpc.Context;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.stub.ClientCalls;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Call credentials of the channel ({@link CompositeChannelCredentials}) run below every
 * interceptor, for each call, in the call's {@link Context} and with its {@link CallOptions}; the
 * shared call goes out in a fork of the first caller's context with the first caller's options.
 * Credentials that pick each user's token from a context key (token propagation) or from a custom
 * call option therefore sign a shared call as its first caller: the interceptor cannot see them,
 * and the application declares what they read with {@link
 * CollapseClientInterceptor.Builder#callerIdentity}.
 *
 * <p>Set-up: a plaintext loopback {@link EchoBackend}, which answers with the {@code authorization}
 * it got and holds its answers until released. User A calls; while its call waits in the backend,
 * user B makes the same call.
 */
final class ChannelCallCredentialsTest {

  private static final Context.Key<String> USER_TOKEN = Context.key("user-token");

  /** A custom call option a caller may set instead: the user the call is made for. */
  private static final CallOptions.Key<String> USER_OPTION = CallOptions.Key.create("user");

  private final EchoBackend backend = EchoBackend.plaintext();
  private @Nullable CollapseClientInterceptor collapse;
  private @Nullable ManagedChannel channel;

  /**
   * Channel call credentials that send the user's token: the call's custom option if set (read
   * through {@link RequestInfo#getCallOptions()}), else the one in the context.
   */
  private static final class UserTokenCredentials extends CallCredentials {

    @Override
    public void applyRequestMetadata(
        RequestInfo requestInfo, Executor appExecutor, MetadataApplier applier) {
      String option = requestInfo.getCallOptions().getOption(USER_OPTION);
      String token = option != null ? option : USER_TOKEN.get();
      if (token == null) {
        applier.fail(Status.UNAUTHENTICATED.withDescription("no user token"));
        return;
      }
      Metadata metadata = new Metadata();
      metadata.put(EchoBackend.AUTHORIZATION, "Bearer " + token);
      applier.apply(metadata);
    }
  }

  @AfterEach
  void stop() {
    backend.close();
    if (channel != null) {
      channel.shutdownNow();
    }
    if (collapse != null) {
      collapse.close();
    }
  }

  @Test
  @Timeout(30)
  void usersTellApartByTheContextKeyTheCredentialsReadNeverShare() throws Exception {
    connect(CollapseClientInterceptor.builder().callerIdentity(options -> USER_TOKEN.get()));

    List<String> answers = twoUsers("alice", "bob");

    assertThat(answers)
        .as("each user's answer")
        .containsExactly("[Bearer alice] hi", "[Bearer bob] hi");
    assertThat(backend.calls()).as("backend calls").isEqualTo(2);
  }

  @Test
  @Timeout(30)
  void usersTellApartByTheCallOptionTheCredentialsReadNeverShare() throws Exception {
    connect(
        CollapseClientInterceptor.builder()
            .callerIdentity(options -> options.getOption(USER_OPTION)));

    List<String> answers =
        twoUsers(
            null,
            null,
            CallOptions.DEFAULT.withOption(USER_OPTION, "alice"),
            CallOptions.DEFAULT.withOption(USER_OPTION, "bob"));

    assertThat(answers)
        .as("each user's answer")
        .containsExactly("[Bearer alice] hi", "[Bearer bob] hi");
    assertThat(backend.calls()).as("backend calls").isEqualTo(2);
  }

  @Test
  @Timeout(30)
  void callsOfOneUserStillShareByTheContextKey() throws Exception {
    connect(CollapseClientInterceptor.builder().callerIdentity(options -> USER_TOKEN.get()));

    List<String> answers = twoUsers("alice", "alice");

    assertThat(answers).containsExactly("[Bearer alice] hi", "[Bearer alice] hi");
    assertThat(backend.calls()).as("backend calls").isEqualTo(1);
  }

  @Test
  @Timeout(30)
  void callsOfOneUserStillShareByTheCallOption() throws Exception {
    connect(
        CollapseClientInterceptor.builder()
            .callerIdentity(options -> options.getOption(USER_OPTION)));

    List<String> answers =
        twoUsers(
            null,
            null,
            CallOptions.DEFAULT.withOption(USER_OPTION, "alice"),
            CallOptions.DEFAULT.withOption(USER_OPTION, "alice"));

    assertThat(answers).containsExactly("[Bearer alice] hi", "[Bearer alice] hi");
    assertThat(backend.calls()).as("backend calls").isEqualTo(1);
  }

  /**
   * Without the declaration the interceptor cannot tell the users apart: the second user's call
   * shares the first one's, signed with the first user's token. This is why the application must
   * declare what its channel credentials read.
   */
  @Test
  @Timeout(30)
  void withoutTheDeclarationTheUsersShareTheFirstUsersCall() throws Exception {
    connect(CollapseClientInterceptor.builder());

    List<String> answers = twoUsers("alice", "bob");

    assertThat(answers).containsExactly("[Bearer alice] hi", "[Bearer alice] hi");
    assertThat(backend.calls()).as("backend calls").isEqualTo(1);
  }

  @Test
  @Timeout(30)
  void aCallWhoseIdentityThrowsGoesOutOnItsOwn() throws Exception {
    connect(
        CollapseClientInterceptor.builder()
            .callerIdentity(
                options -> {
                  if ("bob".equals(USER_TOKEN.get())) {
                    throw new IllegalStateException("no identity for bob");
                  }
                  return USER_TOKEN.get();
                }));

    List<String> answers = twoUsers("alice", "bob");

    assertThat(answers).containsExactly("[Bearer alice] hi", "[Bearer bob] hi");
    assertThat(backend.calls()).as("backend calls").isEqualTo(2);
  }

  @Test
  void theIdentityMustNotBeNull() {
    assertThatNullPointerException()
        .isThrownBy(() -> CollapseClientInterceptor.builder().callerIdentity(null))
        .withMessage("identity");
  }

  private void connect(CollapseClientInterceptor.Builder builder) {
    collapse = builder.build();
    ChannelCredentials credentials =
        CompositeChannelCredentials.create(
            InsecureChannelCredentials.create(), new UserTokenCredentials());
    channel =
        Grpc.newChannelBuilderForAddress("127.0.0.1", backend.port(), credentials)
            .intercept(collapse)
            .build();
  }

  /** User A calls; while its call waits in the backend, user B calls; then A's call is let go. */
  private List<String> twoUsers(String a, String b) throws Exception {
    return twoUsers(a, b, CallOptions.DEFAULT, CallOptions.DEFAULT);
  }

  private List<String> twoUsers(
      @Nullable String a, @Nullable String b, CallOptions optionsA, CallOptions optionsB)
      throws Exception {
    backend.hold(1);
    return Callers.secondWhileFirstWaits(
        call(a, optionsA),
        call(b, optionsB),
        () -> assertThat(awaitArrivals()).as("the first call reached the backend").isTrue(),
        backend::release);
  }

  private boolean awaitArrivals() {
    try {
      return backend.awaitArrivals();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private Callable<String> call(@Nullable String user, CallOptions options) {
    return () ->
        Context.current()
            .withValue(USER_TOKEN, user)
            .call(() -> ClientCalls.blockingUnaryCall(channel, EchoBackend.ECHO, options, "hi"));
  }
}
