package io.github.collapseexecutor.grpc;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.TlsServerCredentials;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCalls;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.tls.HandshakeCertificates;

/**
 * A gRPC server whose echo service sits behind a {@link CollapseServerInterceptor}. Each handler
 * run answers with who it thinks the caller is (a principal in the context, else the
 * {@code authorization} metadata, else the common name of the client's certificate) and with its
 * run's number in a header and a trailer. A run waits until the calls the test expects have
 * reached the interceptor (each is either running the handler or waiting for a run) and until the
 * test releases it, so that callers meet however slowly a busy machine starts them.
 */
final class HeldEchoService implements AutoCloseable {

  static final Metadata.Key<String> RUN =
      Metadata.Key.of("x-run", Metadata.ASCII_STRING_MARSHALLER);
  static final Metadata.Key<String> TRAILER =
      Metadata.Key.of("x-trailer", Metadata.ASCII_STRING_MARSHALLER);

  /** A login that the stand-in for an authentication interceptor turns into a principal. */
  static final Metadata.Key<String> LOGIN =
      Metadata.Key.of("x-login", Metadata.ASCII_STRING_MARSHALLER);

  /** The principal that stand-in puts in the context. */
  static final Context.Key<String> PRINCIPAL = Context.key("principal");

  private final AtomicInteger runs = new AtomicInteger();
  private final AtomicInteger streams = new AtomicInteger();
  private final AtomicInteger cancelledRuns = new AtomicInteger();
  private final CountDownLatch firstCancelledRun = new CountDownLatch(1);
  private final AtomicInteger cancelledCalls = new AtomicInteger();
  private final Object placedLock = new Object();
  private int placed;
  private volatile int expected;
  private volatile CompletableFuture<Void> released = CompletableFuture.completedFuture(null);
  private final Server server;
  private final String inProcessName;

  private HeldEchoService(
      io.grpc.ServerBuilder<?> builder, String inProcessName, CollapseServerInterceptor collapse) {
    this.inProcessName = inProcessName;
    ServerServiceDefinition service =
        ServerServiceDefinition.builder("test.Echo")
            .addMethod(EchoBackend.ECHO, new Echo(false))
            .addMethod(EchoBackend.FAIL, new Echo(true))
            .addMethod(
                EchoBackend.STREAM,
                ServerCalls.asyncServerStreamingCall(
                    (request, answer) -> {
                      streams.incrementAndGet();
                      awaitTurn();
                      answer.onNext(request + "-1");
                      answer.onNext(request + "-2");
                      answer.onCompleted();
                    }))
            .build();
    try {
      // the last runs first: the count, then who calls, then collapse, then the service
      server =
          builder
              .addService(
                  ServerInterceptors.intercept(service, collapse, new WhoCalls(), new Placed()))
              .build()
              .start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static HeldEchoService inProcess(CollapseServerInterceptor collapse) {
    String name = InProcessServerBuilder.generateName();
    return new HeldEchoService(InProcessServerBuilder.forName(name), name, collapse);
  }

  static HeldEchoService plaintext(CollapseServerInterceptor collapse) {
    return new HeldEchoService(
        NettyServerBuilder.forAddress(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            InsecureServerCredentials.create()),
        "",
        collapse);
  }

  /** On loopback over TLS that requires a client certificate signed by its CA. */
  static HeldEchoService mutualTls(
      HandshakeCertificates serverTls, CollapseServerInterceptor collapse) {
    return new HeldEchoService(
        NettyServerBuilder.forAddress(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            TlsServerCredentials.newBuilder()
                .keyManager(serverTls.keyManager())
                .trustManager(serverTls.trustManager())
                .clientAuth(TlsServerCredentials.ClientAuth.REQUIRE)
                .build()),
        "",
        collapse);
  }

  ManagedChannel inProcessChannel() {
    return InProcessChannelBuilder.forName(inProcessName).build();
  }

  int port() {
    return server.getPort();
  }

  /**
   * From now on, a run answers only once {@code calls} calls have reached the interceptor since
   * the last {@link #reset}, and once {@link #release} was called.
   */
  void hold(int calls) {
    expected = calls;
    released = new CompletableFuture<>();
  }

  /** From now on, a run answers once {@code calls} calls have reached the interceptor. */
  void expect(int calls) {
    expected = calls;
  }

  void release() {
    released.complete(null);
  }

  void reset() {
    synchronized (placedLock) {
      placed = 0;
    }
    runs.set(0);
    streams.set(0);
    expected = 0;
  }

  /** Waits, at most 10 s, until {@code calls} calls are in the interceptor or running. */
  void awaitPlaced(int calls) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    synchronized (placedLock) {
      while (placed + runs.get() + streams.get() < calls) {
        long left = end - System.nanoTime();
        if (left <= 0) {
          throw new IllegalStateException(placed + " placed and " + runs + " runs of " + calls);
        }
        placedLock.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
      }
    }
  }

  int runs() {
    return runs.get();
  }

  int streams() {
    return streams.get();
  }

  int cancelledRuns() {
    return cancelledRuns.get();
  }

  /** Waits, at most 10 s, until the contexts of {@code calls} calls were cancelled. */
  void awaitCancelledCalls(int calls) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (cancelledCalls.get() < calls) {
      if (System.nanoTime() > end) {
        throw new IllegalStateException(cancelledCalls + " calls cancelled of " + calls);
      }
      Thread.sleep(5); // polls a counter that the transport's threads raise
    }
  }

  /** Waits, at most 10 s, until a run's context was cancelled. */
  boolean awaitCancelledRun() throws InterruptedException {
    return firstCancelledRun.await(10, TimeUnit.SECONDS);
  }

  @Override
  public void close() {
    release();
    server.shutdownNow();
  }

  private void placed() {
    synchronized (placedLock) {
      placed++;
      placedLock.notifyAll();
    }
  }

  /** Waits until the expected calls are placed and the test released the runs, 10 s at most. */
  private void awaitTurn() {
    synchronized (placedLock) {
      placedLock.notifyAll(); // a run counts as placed
    }
    try {
      awaitPlaced(expected);
      released.get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("held for 10 s", e);
    }
  }

  /**
   * A plain handler that answers {@code [identity] request} with its run in the headers and the
   * trailers, or fails with {@code NOT_FOUND} and a {@code reason} trailer.
   */
  private final class Echo implements ServerCallHandler<String, String> {

    private final boolean fails;

    Echo(boolean fails) {
      this.fails = fails;
    }

    @Override
    public ServerCall.Listener<String> startCall(
        ServerCall<String, String> call, Metadata headers) {
      call.request(1);
      return new ServerCall.Listener<>() {
        private String request = "";

        @Override
        public void onMessage(String message) {
          request = message;
        }

        @Override
        public void onHalfClose() {
          int run = runs.incrementAndGet();
          Context.current()
              .addListener(
                  context -> {
                    if (!closed) {
                      cancelledRuns.incrementAndGet();
                      firstCancelledRun.countDown();
                    }
                  },
                  Runnable::run);
          awaitTurn();
          if (Context.current().isCancelled()) {
            return;
          }
          Metadata sent = new Metadata();
          sent.put(RUN, "run-" + run);
          call.sendHeaders(sent);
          Metadata trailers = new Metadata();
          trailers.put(TRAILER, "trailer-" + run);
          closed = true;
          if (fails) {
            trailers.put(EchoBackend.REASON, "no " + request);
            call.close(Status.NOT_FOUND.withDescription("nothing for " + request), trailers);
          } else {
            call.sendMessage("[" + WhoCalls.IDENTITY.get() + "] " + request);
            call.close(Status.OK, trailers);
          }
        }

        private volatile boolean closed;
      };
    }
  }

  /** Counts the calls that reached the interceptor: once it took their half-close. */
  private final class Placed implements ServerInterceptor {

    @Override
    public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
        ServerCall<ReqT, RespT> call, Metadata headers, ServerCallHandler<ReqT, RespT> next) {
      // grpc-java ends the context of every call; with a cause only when the client left
      Context.current()
          .addListener(
              context -> {
                if (context.cancellationCause() != null) {
                  cancelledCalls.incrementAndGet();
                }
              },
              Runnable::run);
      return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(
          next.startCall(call, headers)) {
        @Override
        public void onHalfClose() {
          super.onHalfClose();
          placed();
        }
      };
    }
  }

  /** Puts who the caller is into the call's context, as an authentication interceptor would. */
  private static final class WhoCalls implements ServerInterceptor {

    static final Context.Key<String> IDENTITY = Context.key("identity");

    @Override
    public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
        ServerCall<ReqT, RespT> call, Metadata headers, ServerCallHandler<ReqT, RespT> next) {
      String login = headers.get(LOGIN);
      String authorization = headers.get(EchoBackend.AUTHORIZATION);
      String identity =
          login != null
              ? login
              : authorization != null
                  ? authorization
                  : EchoBackend.WhoCalls.commonName(
                      call.getAttributes().get(Grpc.TRANSPORT_ATTR_SSL_SESSION));
      Context context = Context.current().withValue(IDENTITY, identity);
      if (login != null) {
        context = context.withValue(PRINCIPAL, login);
      }
      return Contexts.interceptCall(context, call, headers, next);
    }
  }
}
