package io.github.collapseexecutor.samples.grpc;

import com.google.common.util.concurrent.ListenableFuture;
import com.google.protobuf.StringValue;
import io.github.collapseexecutor.samples.AnswerGate;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A quote service on loopback, over gRPC with Netty: the unary method {@code quotes.Quotes/Get}
 * answers the quote of a symbol once its {@link AnswerGate} lets the call through. Messages are
 * protobuf's well-known {@link StringValue}, so that the sample needs no generated code.
 */
public final class QuoteService implements AutoCloseable {

  /** The unary method: a symbol in, its quote out. */
  public static final MethodDescriptor<StringValue, StringValue> GET =
      MethodDescriptor.<StringValue, StringValue>newBuilder()
          .setType(MethodDescriptor.MethodType.UNARY)
          .setFullMethodName(MethodDescriptor.generateFullMethodName("quotes.Quotes", "Get"))
          .setRequestMarshaller(ProtoUtils.marshaller(StringValue.getDefaultInstance()))
          .setResponseMarshaller(ProtoUtils.marshaller(StringValue.getDefaultInstance()))
          .build();

  private final AnswerGate gate;
  private final Server server;

  /**
   * Starts the service on a free port; it answers once its gate is opened, or at once if not
   * held.
   */
  public QuoteService(boolean held) throws IOException {
    this(held, 0);
  }

  /** Starts the service on {@code port} of the loopback address (0: a free one). */
  public QuoteService(boolean held, int port) throws IOException {
    gate = new AnswerGate(held);
    server =
        NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
            .addService(
                ServerServiceDefinition.builder("quotes.Quotes")
                    .addMethod(
                        GET,
                        ServerCalls.asyncUnaryCall(
                            (symbol, answer) -> {
                              gate.pass();
                              answer.onNext(StringValue.of(symbol.getValue() + " 101.25"));
                              answer.onCompleted();
                            }))
                    .build())
            .build()
            .start();
  }

  /** Returns the port the service listens on, on the loopback address. */
  public int port() {
    return server.getPort();
  }

  /** Returns the gate that holds the service's answers and counts its calls. */
  public AnswerGate gate() {
    return gate;
  }

  @Override
  public void close() {
    gate.open();
    server.shutdownNow();
  }

  /** Starts {@code callers} calls of {@link #GET} for {@code ACME} on {@code channel} at once. */
  static List<ListenableFuture<StringValue>> callConcurrently(Channel channel, int callers) {
    List<ListenableFuture<StringValue>> calls = new ArrayList<>();
    for (int i = 0; i < callers; i++) {
      calls.add(
          ClientCalls.futureUnaryCall(
              channel.newCall(GET, CallOptions.DEFAULT), StringValue.of("ACME")));
    }
    return calls;
  }

  /** Waits for each of {@code calls}, at most 20 s each, and returns their quotes in order. */
  static List<String> quotes(List<ListenableFuture<StringValue>> calls) throws Exception {
    List<String> quotes = new ArrayList<>();
    for (ListenableFuture<StringValue> call : calls) {
      quotes.add(call.get(20, TimeUnit.SECONDS).getValue());
    }
    return quotes;
  }
}
