package io.github.collapseexecutor.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.RedisFleet;
import io.github.collapseexecutor.testing.LocalRedis;
import io.github.collapseexecutor.testing.TestFleet;
import io.grpc.ChannelCredentials;
import io.grpc.ClientInterceptor;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;
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
}
