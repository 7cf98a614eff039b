package io.github.collapseexecutor.grpc;

import io.grpc.CallCredentials;
import io.grpc.Channel;
import java.nio.ByteBuffer;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What makes two unary calls equal: callers whose calls have equal keys share one call.
 *
 * @param channel the channel the interceptor was added to, compared by identity: its TLS identity
 *     and channel credentials are its own
 * @param authority the authority the call goes to
 * @param method the full method name
 * @param request the serialized request message; a buffer, whose equality is its content's
 * @param sensitiveMetadata the sensitive metadata, {@code name: value} in order of name
 * @param credentials the call credentials, by identity, when the application declared them shared
 * @param waitForReady whether the call waits for the channel to be ready rather than fail
 * @param maxInbound the largest response the caller accepts, if it set one
 * @param maxOutbound the largest request the caller sends, if it set one
 * @param identity what the application's caller identity answered for the caller, compared with
 *     {@code equals}; null when it answered null or none was declared
 */
record UnaryCallKey(
    Channel channel,
    String authority,
    String method,
    ByteBuffer request,
    List<String> sensitiveMetadata,
    @Nullable CallCredentials credentials,
    boolean waitForReady,
    @Nullable Integer maxInbound,
    @Nullable Integer maxOutbound,
    @Nullable Object identity) {}
