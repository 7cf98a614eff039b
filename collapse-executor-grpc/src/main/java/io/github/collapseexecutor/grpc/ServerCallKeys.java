package io.github.collapseexecutor.grpc;

import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import org.jspecify.annotations.Nullable;

/**
 * Makes the {@link ServerCallKey} of a received call, with the sensitive metadata rules and the
 * caller identity of one server interceptor.
 */
final class ServerCallKeys {

  private final SensitiveMetadata sensitive;
  private final @Nullable Function<? super ServerCall<?, ?>, ?> identity;

  ServerCallKeys(
      SensitiveMetadata sensitive, @Nullable Function<? super ServerCall<?, ?>, ?> identity) {
    this.sensitive = sensitive;
    this.identity = identity;
  }

  /**
   * Returns the key of {@code call}, which sent {@code request} with {@code headers}, or null when
   * the request cannot be serialized, the peer's certificates cannot be read or the caller
   * identity throws: the call then runs its handler on its own. Called in the caller's context,
   * where the interceptors before this one left what they learnt of the caller.
   */
  <ReqT> @Nullable ServerCallKey of(ServerCall<ReqT, ?> call, ReqT request, Metadata headers) {
    byte[] serialized;
    try (InputStream in = call.getMethodDescriptor().streamRequest(request)) {
      serialized = in.readAllBytes();
    } catch (IOException | RuntimeException e) {
      return null;
    }
    List<ByteBuffer> certificates;
    Object caller;
    try {
      certificates = certificates(call.getAttributes().get(Grpc.TRANSPORT_ATTR_SSL_SESSION));
      caller = identity == null ? null : identity.apply(call);
    } catch (GeneralSecurityException | RuntimeException e) {
      return null;
    }
    return new ServerCallKey(
        call.getMethodDescriptor().getFullMethodName(),
        call.getAuthority(),
        ByteBuffer.wrap(serialized).asReadOnlyBuffer(),
        sensitive.values(headers),
        certificates,
        caller);
  }

  /** Returns the encoded certificates the peer presented, or none without TLS or a certificate. */
  private static List<ByteBuffer> certificates(@Nullable SSLSession session)
      throws GeneralSecurityException {
    if (session == null) {
      return List.of();
    }
    Certificate[] chain;
    try {
      chain = session.getPeerCertificates();
    } catch (SSLPeerUnverifiedException none) {
      return List.of();
    }
    List<ByteBuffer> encoded = new ArrayList<>(chain.length);
    for (Certificate certificate : chain) {
      encoded.add(ByteBuffer.wrap(certificate.getEncoded()).asReadOnlyBuffer());
    }
    return List.copyOf(encoded);
  }
}
