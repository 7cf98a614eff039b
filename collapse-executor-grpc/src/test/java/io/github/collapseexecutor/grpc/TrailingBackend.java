package io.github.collapseexecutor.grpc;

import io.github.collapseexecutor.testing.grpc.Utf8Marshaller;
import io.grpc.ClientInterceptor;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An in-process gRPC service whose unary replies carry headers and trailers of their own, ASCII
 * and binary, so that a test can compare every part of a reply: {@link #ANSWER} answers
 * {@code [caller] request}, naming the caller by its {@code authorization} or
 * {@code x-api-key} metadata; {@link #FAIL} ends with {@code NOT_FOUND} and a trailer. It counts
 * the calls it received.
 */
final class TrailingBackend implements AutoCloseable {

  static final MethodDescriptor<String, String> ANSWER = method("Answer");
  static final MethodDescriptor<String, String> FAIL = method("Fail");

  static final Metadata.Key<String> SERVED_BY =
      Metadata.Key.of("x-served-by", Metadata.ASCII_STRING_MARSHALLER);
  static final Metadata.Key<byte[]> SERVED_BIN =
      Metadata.Key.of("x-served-bin", Metadata.BINARY_BYTE_MARSHALLER);
  static final Metadata.Key<String> TRAILER =
      Metadata.Key.of("x-trailer", Metadata.ASCII_STRING_MARSHALLER);
  static final Metadata.Key<byte[]> TRAILER_BIN =
      Metadata.Key.of("x-trailer-bin", Metadata.BINARY_BYTE_MARSHALLER);

  private final AtomicInteger calls = new AtomicInteger();
  private final String name = InProcessServerBuilder.generateName();
  private final Server server;

  TrailingBackend() {
    ServerServiceDefinition service =
        ServerServiceDefinition.builder("test.Trailing")
            .addMethod(ANSWER, (call, headers) -> reply(call, headers, /* fails= */ false))
            .addMethod(FAIL, (call, headers) -> reply(call, headers, /* fails= */ true))
            .build();
    try {
      server = InProcessServerBuilder.forName(name).addService(service).build().start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Returns a channel to this backend through {@code interceptor}. */
  ManagedChannel channel(ClientInterceptor interceptor) {
    return InProcessChannelBuilder.forName(name).intercept(interceptor).build();
  }

  /** Returns how many calls reached the backend. */
  int calls() {
    return calls.get();
  }

  @Override
  public void close() {
    server.shutdownNow();
  }

  private ServerCall.Listener<String> reply(
      ServerCall<String, String> call, Metadata headers, boolean fails) {
    calls.incrementAndGet();
    String caller = headers.get(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER));
    if (caller == null) {
      caller = headers.get(Metadata.Key.of("x-api-key", Metadata.ASCII_STRING_MARSHALLER));
    }
    String who = caller == null ? "nobody" : caller;
    call.request(1);
    return new ServerCall.Listener<>() {
      private String request = "";

      @Override
      public void onMessage(String message) {
        request = message;
      }

      @Override
      public void onHalfClose() {
        Metadata trailers = new Metadata();
        trailers.put(TRAILER, "after " + request);
        trailers.put(TRAILER_BIN, new byte[] {0, (byte) 0xff, 7});
        if (fails) {
          call.close(Status.NOT_FOUND.withDescription("nothing for " + request), trailers);
          return;
        }
        Metadata sent = new Metadata();
        sent.put(SERVED_BY, "backend");
        sent.put(SERVED_BIN, new byte[] {1, 2, (byte) 0x80});
        call.sendHeaders(sent);
        call.sendMessage("[" + who + "] " + request);
        call.close(Status.OK, trailers);
      }
    };
  }

  private static MethodDescriptor<String, String> method(String name) {
    return MethodDescriptor.<String, String>newBuilder()
        .setType(MethodDescriptor.MethodType.UNARY)
        .setFullMethodName(MethodDescriptor.generateFullMethodName("test.Trailing", name))
        .setRequestMarshaller(Utf8Marshaller.INSTANCE)
        .setResponseMarshaller(Utf8Marshaller.INSTANCE)
        .build();
  }
}
