package io.github.collapseexecutor.grpc;

import java.nio.ByteBuffer;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What makes two received unary calls equal: callers whose calls have equal keys share one run of
 * the handler.
 *
 * @param method the full method name
 * @param authority the authority the caller addressed, if it named one
 * @param request the request message as the method's request marshaller writes it; a buffer,
 *     whose equality is its content's
 * @param sensitiveMetadata the sensitive metadata, {@code name: value} in order of name
 * @param certificates the caller's TLS certificate chain, encoded; empty without one
 * @param identity what the application's caller identity answered, compared with {@code equals};
 *     null when it answered null or none was declared
 */
record ServerCallKey(
    String method,
    @Nullable String authority,
    ByteBuffer request,
    List<String> sensitiveMetadata,
    List<ByteBuffer> certificates,
    @Nullable Object identity) {}
