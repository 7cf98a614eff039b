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
 * The identity rule on the server side, over real mutual TLS on loopback: callers told apart by
 * their {@code authorization} metadata, by their client certificate (a channel of its own each),
 * and by the principal an authentication interceptor put in their context, declared as the
 * caller identity. Only the server collapses.
 */
final class GrpcServerTwoCallersTest implements TwoCallersContract {

  private static final String METADATA = "authorization metadata";
  private static final String CERTIFICATE = "client certificate";
  private static final String PRINCIPAL = "principal in the context";

  @Override
  public Subject createSubject() {
    return new ServerSubject();
  }

  private static final class ServerSubject implements Subject {

    private final ClientCertificates certificates =
        ClientCertificates.of("service", "user0", "user1", "user2", "user3", "alice");
    private final CollapseServerInterceptor collapse =
        CollapseServerInterceptor.builder()
            .callerIdentity(call -> HeldEchoService.PRINCIPAL.get())
            .build();
    private final HeldEchoService service =
        HeldEchoService.mutualTls(certificates.server(), collapse);
    private final Map<String, ManagedChannel> byCertificate = new LinkedHashMap<>();

    ServerSubject() {
      certificates.clients().forEach((name, tls) -> byCertificate.put(name, channel(tls)));
    }

    private ManagedChannel channel(HandshakeCertificates tls) {
      return Grpc.newChannelBuilderForAddress(
              "127.0.0.1",
              service.port(),
              TlsChannelCredentials.newBuilder()
                  .keyManager(tls.keyManager())
                  .trustManager(tls.trustManager())
                  .build())
          .build();
    }

    @Override
    public List<String> channels() {
      return List.of(METADATA, CERTIFICATE, PRINCIPAL);
    }

    @Override
    public List<String> round(int callers, String channel, IntFunction<String> identity)
        throws Exception {
      service.reset();
      service.expect(callers);
      return Callers.start(callers, i -> () -> call(channel, identity.apply(i))).values();
    }

    private String call(String way, String identity) {
      Channel channel = byCertificate.get("service");
      if (way.equals(CERTIFICATE)) {
        channel = byCertificate.get(identity);
      } else {
        Metadata metadata = new Metadata();
        metadata.put(
            way.equals(METADATA) ? EchoBackend.AUTHORIZATION : HeldEchoService.LOGIN, identity);
        channel =
            ClientInterceptors.intercept(
                channel, MetadataUtils.newAttachHeadersInterceptor(metadata));
      }
      return ClientCalls.blockingUnaryCall(channel, EchoBackend.ECHO, CallOptions.DEFAULT, "hi");
    }

    @Override
    public int runs() {
      return service.runs();
    }

    @Override
    public void close() {
      byCertificate.values().forEach(ManagedChannel::shutdownNow);
      collapse.close();
      service.close();
    }
  }
}
