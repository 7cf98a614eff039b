package io.github.collapseexecutor.grpc;

import io.github.collapseexecutor.http.SensitiveHeaders;
import io.grpc.CallOptions;
import io.grpc.Context;
import io.grpc.Metadata;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Makes the {@link UnaryCallKey} of a call, with the sensitive metadata rules and the caller
 * identity of one interceptor.
 */
final class UnaryCallKeys {

  private final SensitiveMetadata sensitive;
  private final @Nullable Function<? super CallOptions, ?> identity;

  /**
   * @param identity what the application declared tells its callers apart, or null when it
   *     declared nothing
   */
  UnaryCallKeys(SensitiveHeaders sensitive, @Nullable Function<? super CallOptions, ?> identity) {
    this.sensitive = new SensitiveMetadata(sensitive);
    this.identity = identity;
  }

  /**
   * Returns the key of a call of {@code target} sending {@code request} with {@code headers} for
   * the caller whose context is {@code context}, or null when the request cannot be serialized or
   * the caller identity throws: the call then goes out on its own, as it would have without this
   * interceptor. The caller identity runs here, on the calling thread, with {@code context}
   * attached.
   */
  <ReqT> @Nullable UnaryCallKey of(
      CollapsingCall.Target<ReqT, ?> target, ReqT request, Metadata headers, Context context) {
    byte[] serialized;
    try (InputStream in = target.method().streamRequest(request)) {
      serialized = in.readAllBytes();
    } catch (IOException | RuntimeException e) {
      return null;
    }
    CallOptions options = target.callOptions();
    Object caller;
    try {
      caller = identityOf(options, context);
    } catch (RuntimeException e) {
      return null;
    }
    return new UnaryCallKey(
        target.next(),
        target.authority(),
        target.method().getFullMethodName(),
        ByteBuffer.wrap(serialized).asReadOnlyBuffer(),
        sensitiveValues(headers),
        options.getCredentials(),
        options.isWaitForReady(),
        options.getMaxInboundMessageSize(),
        options.getMaxOutboundMessageSize(),
        caller);
  }

  /** Returns what the caller identity answers in {@code context}, or null when none is declared. */
  private @Nullable Object identityOf(CallOptions options, Context context) {
    if (identity == null) {
      return null;
    }
    Context previous = context.attach();
    try {
      return identity.apply(options);
    } finally {
      context.detach(previous);
    }
  }

  /** Returns the values of the sensitive keys of {@code headers}, in order of name. */
  List<String> sensitiveValues(Metadata headers) {
    return sensitive.values(headers);
  }
}
