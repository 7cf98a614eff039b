package io.github.collapseexecutor.grpc;

import io.github.collapseexecutor.testing.http.ClientCertificates;
import io.github.collapseexecutor.testing.identity.TwoCallersContract;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.Grpc;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.TlsChannelCredentials;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import okhttp3.tls.HandshakeCertificates;

/**
 * The identity rule over real mutual TLS on loopback: callers told apart by their
 * {@code authorization} metadata, and callers told apart by their client certificate, each
 * certificate on a channel of its own, every channel through the one interceptor.
 */
final class GrpcTwoCallersTest implements TwoCallersContract {

  private static final String METADATA = "authorization metadata";
  private static final String CERTIFICATE = "client certificate";

  @Override
  public Subject createSubject() {
    return new GrpcSubject();
  }

  private static final class GrpcSubject implements Subject {

    private final ClientCertificates certificates =
        ClientCertificates.of("service", "user0", "user1", "user2", "user3", "alice");
    private final EchoBackend backend = EchoBackend.mutualTls(certificates.server());
    private final CollapseClientInterceptor collapse = CollapseClientInterceptor.builder().build();
    private final Map<String, ManagedChannel> byCertificate = new LinkedHashMap<>();

    GrpcSubject() {
      certificates.clients().forEach((name, tls) -> byCertificate.put(name, channel(tls)));
    }

    private ManagedChannel channel(HandshakeCertificates tls) {
      return Grpc.newChannelBuilderForAddress(
              "127.0.0.1",
              backend.port(),
              TlsChannelCredentials.newBuilder()
                  .keyManager(tls.keyManager())
                  .trustManager(tls.trustManager())
                  .build())
          .intercept(collapse)
          .build();
    }

    @Override
    public List<String> channels() {
      return List.of(METADATA, CERTIFICATE);
    }

    @Override
    public List<String> round(int callers, String channel, IntFunction<String> identity)
        throws Exception {
      backend.resetCalls();
      backend.hold(1);
      Callers<String> round = Callers.start(callers, i -> () -> call(channel, identity.apply(i)));
      round.awaitParked();
      backend.release();
      return round.values();
    }

    private String call(String way, String identity) {
      Channel channel;
      if (way.equals(METADATA)) {
        Metadata authorization = new Metadata();
        authorization.put(EchoBackend.AUTHORIZATION, identity);
        channel =
            ClientInterceptors.intercept(
                byCertificate.get("service"),
                MetadataUtils.newAttachHeadersInterceptor(authorization));
      } else {
        channel = byCertificate.get(identity);
      }
      return ClientCalls.blockingUnaryCall(channel, EchoBackend.ECHO, CallOptions.DEFAULT, "hi");
    }

    @Override
    public int runs() {
      return backend.calls();
    }

    @Override
    public void close() {
      byCertificate.values().forEach(ManagedChannel::shutdownNow);
      collapse.close();
      backend.close();
    }
  }
}
