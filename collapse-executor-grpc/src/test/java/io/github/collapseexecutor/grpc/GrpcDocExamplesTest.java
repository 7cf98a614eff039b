package io.github.collapseexecutor.grpc;

import static io.github.collapseexecutor.grpc.EchoBackend.AUTHORIZATION;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.RedisFleet;
import io.github.collapseexecutor.testing.LocalRedis;
import io.github.collapseexecutor.testing.TestFleet;
import io.grpc.CallOptions;
import io.grpc.ChannelCredentials;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.InsecureServerCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerCredentials;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Java snippets of docs/grpc.md, as written there (DocSnippetsTest in the Spring Boot module
 * holds them to the page), compiled and run: the channel against a backend on loopback, the
 * fleet tier's interceptor through the Redis on 127.0.0.1:6379 (skipped without it).
 */
@Timeout(60)
final class GrpcDocExamplesTest {

  @Test
  void aMethodThePredicateLeavesOutPassesThroughWithTheCallersMetadata() throws Exception {
    try (EchoBackend backend = EchoBackend.plaintext()) {
      String target = "127.0.0.1:" + backend.port();
      ChannelCredentials credentials = InsecureChannelCredentials.create();
      Metadata token = new Metadata();
      token.put(EchoBackend.AUTHORIZATION, "Bearer reader");
      ClientInterceptor authInterceptor = MetadataUtils.newAttachHeadersInterceptor(token);
      // docs/grpc.md: the interceptor
      // spotless:off: the docs show this code as written here
      CollapseClientInterceptor collapse = CollapseClientInterceptor.builder()
          .methods(name -> name.startsWith("catalogue.Catalogue/"))  // default: every unary method
          .build();
      ManagedChannel channel = Grpc.newChannelBuilder(target, credentials)
          .intercept(collapse, authInterceptor)  // the last runs first: collapse sees its metadata
          .build();
      // spotless:on
      try {
        assertThat(CollapseClientInterceptorTest.echo(channel, "hello"))
            .isEqualTo("[Bearer reader] hello");
      } finally {
        channel.shutdownNow();
        collapse.close();
      }
    }
  }

  @Test
  void theInterceptorTakesTheFleetTierUnderTheChannelsName() throws Exception {
    LocalRedis.assumeRunning();
    try (FleetCoordinator coordinator = new TestFleet().connect()) {
      // docs/grpc.md: across the instances of an application
      // spotless:off: the docs show this code as written here
      CollapseClientInterceptor collapse = CollapseClientInterceptor.builder()
          .fleet(RedisFleet.of(coordinator), "catalogue")  // the channel's name, alike everywhere
          .build();
      // spotless:on

      try (EchoBackend backend = EchoBackend.inProcess()) {
        ManagedChannel channel = backend.inProcessChannel(collapse);
        try {
          assertThat(CollapseClientInterceptorTest.echo(channel, "hello")).endsWith("] hello");
          assertThat(backend.calls()).isEqualTo(1);
        } finally {
          channel.shutdownNow();
          collapse.close();
        }
      }
    }
  }

  @Test
  void anObservingInterceptorLetsTheCallGoOutAndTellsTheListener() throws Exception {
    AtomicInteger heard = new AtomicInteger();
    CollapseListener listener =
        new CollapseListener() {
          @Override
          public void callObserved(
              String executorName, boolean wouldJoin, @Nullable String unshared) {
            heard.incrementAndGet();
          }
        };
    try (EchoBackend backend = EchoBackend.inProcess()) {
      // docs/grpc.md: observe mode
      // spotless:off: the docs show this code as written here
      CollapseClientInterceptor observing = CollapseClientInterceptor.builder()
          .observeOnly(true)
          .listener(listener)  // hears callObserved and runObserved
          .build();
      // spotless:on
      ManagedChannel channel = backend.inProcessChannel(observing);
      try {
        assertThat(CollapseClientInterceptorTest.echo(channel, "hello"))
            .isEqualTo("[nobody] hello");
        assertThat(backend.calls()).isEqualTo(1);
        assertThat(heard).hasValue(1);
      } finally {
        channel.shutdownNow();
      }
    }
  }

  @Test
  void theServerInterceptorRunsAfterTheAuthenticationInterceptor() throws Exception {
    Context.Key<String> principal = Context.key("principal");
    ServerInterceptor authInterceptor =
        new ServerInterceptor() {
          @Override
          public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
              ServerCall<ReqT, RespT> call, Metadata headers, ServerCallHandler<ReqT, RespT> next) {
            Context caller = Context.current().withValue(principal, headers.get(AUTHORIZATION));
            return Contexts.interceptCall(caller, call, headers, next);
          }
        };
    ServerServiceDefinition catalogue =
        ServerServiceDefinition.builder("test.Echo")
            .addMethod(
                EchoBackend.ECHO,
                ServerCalls.asyncUnaryCall(
                    (String request, StreamObserver<String> answer) -> {
                      answer.onNext("[" + principal.get() + "] " + request);
                      answer.onCompleted();
                    }))
            .build();
    int port = 0;
    ServerCredentials credentials = InsecureServerCredentials.create();
    // docs/grpc.md: the server interceptor
    // spotless:off: the docs show this code as written here
    CollapseServerInterceptor collapse = CollapseServerInterceptor.builder()
        .methods(name -> name.startsWith("test.Echo/"))  // default: every unary method
        .callerIdentity(call -> principal.get())  // what the auth interceptor put in the Context
        .build();
    Server server = Grpc.newServerBuilderForPort(port, credentials)
        .addService(ServerInterceptors.intercept(catalogue, collapse, authInterceptor))
        .build();  // the last runs first: authInterceptor, then collapse
    // spotless:on
    server.start();
    ManagedChannel channel =
        Grpc.newChannelBuilderForAddress(
                "127.0.0.1", server.getPort(), InsecureChannelCredentials.create())
            .build();
    try {
      Metadata token = new Metadata();
      token.put(AUTHORIZATION, "Bearer reader");
      assertThat(
              ClientCalls.blockingUnaryCall(
                  ClientInterceptors.intercept(
                      channel, MetadataUtils.newAttachHeadersInterceptor(token)),
                  EchoBackend.ECHO,
                  CallOptions.DEFAULT,
                  "hello"))
          .isEqualTo("[Bearer reader] hello");
    } finally {
      channel.shutdownNow();
      server.shutdownNow();
      collapse.close();
    }
  }
}
