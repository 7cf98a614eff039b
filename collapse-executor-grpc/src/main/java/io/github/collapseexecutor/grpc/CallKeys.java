package io.github.collapseexecutor.grpc;

import io.github.collapseexecutor.http.SensitiveHeaders;
import io.grpc.CallOptions;
import io.grpc.Metadata;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/** Makes the {@link CallKey} of a call, with the sensitive metadata rules of one interceptor. */
final class CallKeys {

  private final SensitiveHeaders sensitive;

  CallKeys(SensitiveHeaders sensitive) {
    this.sensitive = sensitive;
  }

  /**
   * Returns the key of a call of {@code target} sending {@code request} with {@code headers}, or
   * null when the request cannot be serialized: the call then goes out on its own, to fail as it
   * would have without this interceptor.
   */
  <ReqT> @Nullable CallKey of(CollapsingCall.Target<ReqT, ?> target, ReqT request,
      Metadata headers) {
    byte[] serialized;
    try (InputStream in = target.method().streamRequest(request)) {
      serialized = in.readAllBytes();
    } catch (IOException | RuntimeException e) {
      return null;
    }
    CallOptions options = target.callOptions();
    return new CallKey(target.next(), target.authority(), target.method().getFullMethodName(),
        ByteBuffer.wrap(serialized).asReadOnlyBuffer(), sensitiveValues(headers),
        options.getCredentials(), options.isWaitForReady(), options.getMaxInboundMessageSize(),
        options.getMaxOutboundMessageSize());
  }

  /** Returns the values of the sensitive keys of {@code headers}, in order of name. */
  List<String> sensitiveValues(Metadata headers) {
    List<String> values = new ArrayList<>();
    for (String name : new TreeSet<>(headers.keys())) {
      if (!isSensitive(name)) {
        continue;
      }
      if (name.endsWith(Metadata.BINARY_HEADER_SUFFIX)) {
        for (byte[] value : headers.getAll(Metadata.Key.of(name, Metadata.BINARY_BYTE_MARSHALLER))) {
          values.add(name + ": " + Base64.getEncoder().encodeToString(value));
        }
      } else {
        for (String value : headers.getAll(
            Metadata.Key.of(name, Metadata.ASCII_STRING_MARSHALLER))) {
          values.add(name + ": " + value);
        }
      }
    }
    return values;
  }

  /** Metadata key names are lower case, as the sensitive names and fragments are. */
  private boolean isSensitive(String name) {
    return sensitive.names().contains(name) || !sensitive.nonSensitive().contains(name)
        && sensitive.patterns().stream().anyMatch(name::contains);
  }
}
