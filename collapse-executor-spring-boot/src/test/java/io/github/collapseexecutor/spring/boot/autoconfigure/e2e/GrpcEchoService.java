package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import io.github.collapseexecutor.testing.grpc.Utf8Marshaller;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An in-process gRPC service with one unary method, {@code test.Echo/Echo}, described by hand
 * with a UTF-8 string marshaller (no generated code). It counts its calls and holds every answer
 * until the test releases it, so that callers meet in the interceptor however slowly a busy
 * machine starts them.
 */
public final class GrpcEchoService implements AutoCloseable {

  /** Answers {@code echo: request}. */
  public static final MethodDescriptor<String, String> ECHO = unary("test.Echo/Echo");

  private final AtomicInteger calls = new AtomicInteger();
  private final CountDownLatch firstCall = new CountDownLatch(1);
  private final CountDownLatch released = new CountDownLatch(1);
  private final String name = InProcessServerBuilder.generateName();
  private final Server server;

  /** Starts the service, reached at {@link #target()}. */
  public GrpcEchoService() throws IOException {
    server =
        InProcessServerBuilder.forName(name)
            .addService(
                ServerServiceDefinition.builder("test.Echo")
                    .addMethod(ECHO, ServerCalls.asyncUnaryCall(this::echo))
                    .build())
            .build()
            .start();
  }

  /** Returns a unary method named {@code fullMethodName} of strings. */
  public static MethodDescriptor<String, String> unary(String fullMethodName) {
    return MethodDescriptor.<String, String>newBuilder()
        .setType(MethodDescriptor.MethodType.UNARY)
        .setFullMethodName(fullMethodName)
        .setRequestMarshaller(Utf8Marshaller.INSTANCE)
        .setResponseMarshaller(Utf8Marshaller.INSTANCE)
        .build();
  }

  /** The target of Spring gRPC's in-process channel factory. */
  public String target() {
    return "in-process:" + name;
  }

  public int calls() {
    return calls.get();
  }

  /** Waits, at most 10 s, until the first call arrived; returns whether it did. */
  public boolean awaitFirstCall() throws InterruptedException {
    return firstCall.await(10, TimeUnit.SECONDS);
  }

  /** Lets every held call and every later one answer. */
  public void release() {
    released.countDown();
  }

  @Override
  public void close() {
    release();
    server.shutdownNow();
  }

  private void echo(String request, StreamObserver<String> answer) {
    calls.incrementAndGet();
    firstCall.countDown();
    try {
      if (!released.await(10, TimeUnit.SECONDS)) {
        throw new IllegalStateException("held for 10 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    answer.onNext("echo: " + request);
    answer.onCompleted();
  }
}
