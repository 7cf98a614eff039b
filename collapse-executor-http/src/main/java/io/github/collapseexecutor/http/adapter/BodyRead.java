package io.github.collapseexecutor.http.adapter;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What {@link BodySplit} read of a body: all of it, all that arrived before it failed, or, when it
 * is larger than the limit, the response to hand on streaming.
 *
 * @param bytes the body, or what arrived of it before its failure; {@code null} when streaming
 * @param failure what the body failed with after {@code bytes}, or {@code null}
 * @param streaming the live response whose body reads what was read and then the rest, for the
 *     caller that made the call; {@code null} unless the body was larger than the limit
 * @param <R> the client library's response type
 */
@SuppressWarnings("ArrayRecordComponent") // the body as it was read, never compared
record BodyRead<R>(byte @Nullable [] bytes, @Nullable Throwable failure, @Nullable R streaming) {

  /** Returns a body that ended well: all of it is {@code bytes}, which the caller gives up. */
  static <R> BodyRead<R> whole(byte[] bytes) {
    return new BodyRead<>(Objects.requireNonNull(bytes, "bytes"), null, null);
  }

  /**
   * Returns a body that failed after the bytes {@code arrived}: it is shared as those bytes
   * followed by {@code failure}, which each caller gets where its client reads the body.
   */
  static <R> BodyRead<R> failedAfter(byte[] arrived, Throwable failure) {
    return new BodyRead<>(
        Objects.requireNonNull(arrived, "arrived"),
        Objects.requireNonNull(failure, "failure"),
        null);
  }

  /** Returns a body larger than the limit, handed on as {@code streaming}. */
  static <R> BodyRead<R> tooLarge(R streaming) {
    return new BodyRead<>(null, null, Objects.requireNonNull(streaming, "streaming"));
  }
}
