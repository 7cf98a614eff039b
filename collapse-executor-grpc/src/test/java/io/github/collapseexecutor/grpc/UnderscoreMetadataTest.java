package io.github.collapseexecutor.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.Parking;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The HTTP adapters read underscores in a header name as hyphens
 * ({@code X_API_KEY} is as sensitive as {@code X-Api-Key}, docs/security.md), and docs/grpc.md
 * says a metadata key is sensitive "as a header of the same name is for the HTTP adapters". gRPC
 * metadata keys may hold underscores; a server that answers per {@code x_api_key} must never see
 * one user's call answer another's.
 *
 * <p>Set-up: a backend that answers with the value of the metadata key it is asked about; its
 * first call hangs until released, later calls are answered at once. User A calls, and while its
 * call hangs user B makes the same call with another value of the same key. If B joins A's call,
 * the backend ran once and B reads A's answer.
 */
final class UnderscoreMetadataTest {

  private static final Context.Key<String> SEEN = Context.key("seen");

  private final AtomicInteger calls = new AtomicInteger();
  private final CountDownLatch firstArrived = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final CollapseClientInterceptor collapse = CollapseClientInterceptor.builder().build();
  private Server server;
  private ManagedChannel channel;

  private void start(String metadataName) throws Exception {
    Metadata.Key<String> key = Metadata.Key.of(metadataName, Metadata.ASCII_STRING_MARSHALLER);
    ServerServiceDefinition service =
        ServerServiceDefinition.builder("test.Echo")
            .addMethod(EchoBackend.ECHO, ServerCalls.asyncUnaryCall(this::answer))
            .build();
    ServerInterceptor reader =
        new ServerInterceptor() {
          @Override
          public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
              ServerCall<ReqT, RespT> call, Metadata headers, ServerCallHandler<ReqT, RespT> next) {
            return Contexts.interceptCall(
                Context.current().withValue(SEEN, headers.get(key)), call, headers, next);
          }
        };
    String name = InProcessServerBuilder.generateName();
    server =
        InProcessServerBuilder.forName(name)
            .addService(ServerInterceptors.intercept(service, reader))
            .build()
            .start();
    channel = InProcessChannelBuilder.forName(name).intercept(collapse).build();
  }

  private void answer(String request, StreamObserver<String> response) {
    if (calls.incrementAndGet() == 1) {
      firstArrived.countDown();
      Parking.await(release);
    }
    response.onNext("user=" + SEEN.get() + " " + request);
    response.onCompleted();
  }

  @AfterEach
  void stop() {
    release.countDown();
    if (channel != null) {
      channel.shutdownNow();
    }
    collapse.close();
    if (server != null) {
      server.shutdownNow();
    }
  }

  /** FAILS on the current code: each name is sensitive to the HTTP adapters. */
  @ParameterizedTest
  @ValueSource(strings = {"x_api_key", "api_key", "x_user_id", "x_ssl_client_cert", "x_real_ip"})
  @Timeout(30)
  void usersWithDifferentUnderscoreCredentialMetadataNeverShare(String metadataName)
      throws Exception {
    List<String> answers = twoUsers(metadataName, "alice-secret", "bob-secret");

    assertThat(answers)
        .as("each user's answer, %s", metadataName)
        .containsExactly("user=alice-secret hi", "user=bob-secret hi");
    assertThat(calls.get())
        .as("backend runs for two users with other %s", metadataName)
        .isEqualTo(2);
  }

  /** Control: the hyphenated spelling of the same names keeps the users apart. */
  @ParameterizedTest
  @ValueSource(strings = {"x-api-key", "api-key", "x-user-id", "x-ssl-client-cert", "x-real-ip"})
  @Timeout(30)
  void usersWithDifferentHyphenatedCredentialMetadataNeverShare(String metadataName)
      throws Exception {
    List<String> answers = twoUsers(metadataName, "alice-secret", "bob-secret");

    assertThat(answers).containsExactly("user=alice-secret hi", "user=bob-secret hi");
    assertThat(calls.get()).isEqualTo(2);
  }

  /** Control: two callers that are truly alike do share, so the set-up collapses. */
  @ParameterizedTest
  @ValueSource(strings = {"x_api_key", "x-api-key"})
  @Timeout(30)
  void callersWithTheSameCredentialShare(String metadataName) throws Exception {
    List<String> answers = twoUsers(metadataName, "alice-secret", "alice-secret");

    assertThat(answers).containsExactly("user=alice-secret hi", "user=alice-secret hi");
    assertThat(calls.get()).isEqualTo(1);
  }

  /** User A calls; while its call hangs in the backend, user B calls; then A's call is let go. */
  private List<String> twoUsers(String metadataName, String a, String b) throws Exception {
    start(metadataName);
    return Callers.secondWhileFirstWaits(
        call(metadataName, a),
        call(metadataName, b),
        () -> Parking.await(firstArrived),
        release::countDown);
  }

  private Callable<String> call(String metadataName, String value) {
    Metadata metadata = new Metadata();
    metadata.put(Metadata.Key.of(metadataName, Metadata.ASCII_STRING_MARSHALLER), value);
    // an application interceptor before the collapse one adds the user's credential
    Channel withCredential =
        ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(metadata));
    return () ->
        ClientCalls.blockingUnaryCall(withCredential, EchoBackend.ECHO, CallOptions.DEFAULT, "hi");
  }
}
