package io.github.collapseexecutor.grpc;

import io.grpc.Metadata;
import io.grpc.Status;
import org.jspecify.annotations.Nullable;

/**
 * What a shared run of a handler sent: the headers, the response message as the method's response
 * marshaller wrote it, and the status and trailers it closed with, which every caller of the run
 * receives copies of.
 *
 * @param compression the compressor the handler chose, or null if it chose none
 * @param headers the headers, or null if the handler sent none
 * @param message the serialized response message, or null if the handler sent none
 * @param status the status the handler closed the call with
 * @param trailers the trailers
 */
@SuppressWarnings("ArrayRecordComponent") // the message as the marshaller wrote it, never compared
record ServerReply(
    @Nullable String compression,
    @Nullable Metadata headers,
    byte @Nullable [] message,
    Status status,
    Metadata trailers) {}
