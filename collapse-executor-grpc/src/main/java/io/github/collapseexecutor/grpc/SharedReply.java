package io.github.collapseexecutor.grpc;

import io.grpc.Metadata;
import org.jspecify.annotations.Nullable;

/**
 * What a shared call that ended with {@code OK} received: its headers, its response message as the
 * method's response marshaller wrote it, and its trailers. Never handed to a caller as it is: each
 * caller parses its own message and gets its own copies of the metadata, since both are mutable.
 *
 * @param headers the headers, or null if none came
 * @param message the serialized response message, or null if none came
 * @param trailers the trailers
 */
@SuppressWarnings("ArrayRecordComponent") // the message as the marshaller wrote it, never compared
record SharedReply(@Nullable Metadata headers, byte @Nullable [] message, Metadata trailers) {

  /** Returns a copy of {@code metadata} that its receiver may change at will. */
  static Metadata copy(Metadata metadata) {
    Metadata copy = new Metadata();
    copy.merge(metadata);
    return copy;
  }
}
