package io.github.collapseexecutor.grpc;

import io.github.collapseexecutor.testing.grpc.Utf8Marshaller;
import io.grpc.ClientInterceptor;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Deadline;
import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
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
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import okhttp3.tls.HandshakeCertificates;

/**
 * A gRPC service on loopback that answers each call with who it thinks the caller is: the
 * {@code authorization} metadata if any, else the common name of the client's certificate. It
 * counts its calls and can hold every answer until the test releases it, so that callers meet in
 * the interceptor however slowly a busy machine starts them.
 */
final class EchoBackend implements AutoCloseable {

  /** Answers {@code [identity] request}. */
  static final MethodDescriptor<String, String> ECHO =
      method("Echo", MethodDescriptor.MethodType.UNARY);

  /** Fails with {@code NOT_FOUND} and a {@code reason} trailer naming the request. */
  static final MethodDescriptor<String, String> FAIL =
      method("Fail", MethodDescriptor.MethodType.UNARY);

  /** Answers {@code request-1} and {@code request-2}. */
  static final MethodDescriptor<String, String> STREAM =
      method("Stream", MethodDescriptor.MethodType.SERVER_STREAMING);

  static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);
  static final Metadata.Key<String> REASON =
      Metadata.Key.of("reason", Metadata.ASCII_STRING_MARSHALLER);

  private static final Context.Key<String> IDENTITY = Context.key("identity");

  private final AtomicInteger calls = new AtomicInteger();
  private final AtomicInteger cancellations = new AtomicInteger();
  private final List<Optional<Deadline>> deadlines = new CopyOnWriteArrayList<>();
  private final CountDownLatch firstCancellation = new CountDownLatch(1);
  private volatile CountDownLatch arrived = new CountDownLatch(0);
  private volatile CompletableFuture<Void> released = CompletableFuture.completedFuture(null);
  private final Server server;
  private final String inProcessName;

  private EchoBackend(io.grpc.ServerBuilder<?> builder, String inProcessName) {
    this.inProcessName = inProcessName;
    ServerServiceDefinition service =
        ServerServiceDefinition.builder("test.Echo")
            .addMethod(ECHO, ServerCalls.asyncUnaryCall(this::echo))
            .addMethod(FAIL, ServerCalls.asyncUnaryCall(this::fail))
            .addMethod(STREAM, ServerCalls.asyncServerStreamingCall(this::stream))
            .build();
    try {
      server =
          builder.addService(ServerInterceptors.intercept(service, new WhoCalls())).build().start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Starts a backend in this process, reached by {@link #inProcessName()}. */
  static EchoBackend inProcess() {
    String name = InProcessServerBuilder.generateName();
    return new EchoBackend(InProcessServerBuilder.forName(name), name);
  }

  /** Starts a backend on loopback in plain text, for channels whose credentials name the caller. */
  static EchoBackend plaintext() {
    return new EchoBackend(
        NettyServerBuilder.forAddress(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            InsecureServerCredentials.create()),
        "");
  }

  /** Starts a backend on loopback over TLS that requires a client certificate signed by its CA. */
  static EchoBackend mutualTls(HandshakeCertificates serverTls) {
    return new EchoBackend(
        NettyServerBuilder.forAddress(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            TlsServerCredentials.newBuilder()
                .keyManager(serverTls.keyManager())
                .trustManager(serverTls.trustManager())
                .clientAuth(TlsServerCredentials.ClientAuth.REQUIRE)
                .build()),
        "");
  }

  /** Returns a channel to this in-process backend through {@code interceptor}. */
  ManagedChannel inProcessChannel(ClientInterceptor interceptor) {
    return InProcessChannelBuilder.forName(inProcessName).intercept(interceptor).build();
  }

  int port() {
    return server.getPort();
  }

  /** Holds every answer from now on until {@link #release()}; {@code callers} calls will come. */
  void hold(int expectedCalls) {
    arrived = new CountDownLatch(expectedCalls);
    released = new CompletableFuture<>();
  }

  void release() {
    released.complete(null);
  }

  /** Answers the calls that arrive from now on at once; those held stay held. */
  void answerNewCallsAtOnce() {
    released = CompletableFuture.completedFuture(null);
  }

  /** Waits, at most 10 s, until the calls {@link #hold} expects have arrived. */
  boolean awaitArrivals() throws InterruptedException {
    return arrived.await(10, TimeUnit.SECONDS);
  }

  int calls() {
    return calls.get();
  }

  /**
   * Returns the deadline each call brought, in order of arrival: what the client's
   * {@code grpc-timeout} told the server, or empty when the call came without one.
   */
  List<Optional<Deadline>> deadlines() {
    return List.copyOf(deadlines);
  }

  int cancellations() {
    return cancellations.get();
  }

  /** Waits, at most 10 s, until a held call was cancelled. */
  boolean awaitCancellation() throws InterruptedException {
    return firstCancellation.await(10, TimeUnit.SECONDS);
  }

  void resetCalls() {
    calls.set(0);
    deadlines.clear();
  }

  @Override
  public void close() {
    release();
    server.shutdownNow();
  }

  private void echo(String request, StreamObserver<String> answer) {
    if (held()) {
      answer.onNext("[" + IDENTITY.get() + "] " + request);
      answer.onCompleted();
    }
  }

  private void fail(String request, StreamObserver<String> answer) {
    if (held()) {
      Metadata trailers = new Metadata();
      trailers.put(REASON, "no " + request);
      answer.onError(
          Status.NOT_FOUND.withDescription("nothing for " + request).asRuntimeException(trailers));
    }
  }

  private void stream(String request, StreamObserver<String> answer) {
    if (held()) {
      answer.onNext(request + "-1");
      answer.onNext(request + "-2");
      answer.onCompleted();
    }
  }

  /**
   * Counts the call and waits until the test releases the answers or the call is cancelled;
   * returns whether to answer.
   */
  private boolean held() {
    // read before the arrival counts, so that a call the test saw arrive stays held
    CompletableFuture<Void> release = released;
    deadlines.add(Optional.ofNullable(Context.current().getDeadline()));
    calls.incrementAndGet();
    arrived.countDown();
    CompletableFuture<Void> cancelled = new CompletableFuture<>();
    Context.current().addListener(context -> cancelled.complete(null), Runnable::run);
    try {
      CompletableFuture.anyOf(release, cancelled).get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("held for 10 s", e);
    }
    if (cancelled.isDone()) {
      cancellations.incrementAndGet();
      firstCancellation.countDown();
      return false;
    }
    return true;
  }

  private static MethodDescriptor<String, String> method(
      String name, MethodDescriptor.MethodType type) {
    return MethodDescriptor.<String, String>newBuilder()
        .setType(type)
        .setFullMethodName(MethodDescriptor.generateFullMethodName("test.Echo", name))
        .setRequestMarshaller(Utf8Marshaller.INSTANCE)
        .setResponseMarshaller(Utf8Marshaller.INSTANCE)
        .build();
  }

  /** Puts who the caller is into the call's context. */
  static final class WhoCalls implements ServerInterceptor {

    @Override
    public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
        ServerCall<ReqT, RespT> call, Metadata headers, ServerCallHandler<ReqT, RespT> next) {
      String authorization = headers.get(AUTHORIZATION);
      String identity =
          authorization != null
              ? authorization
              : commonName(call.getAttributes().get(Grpc.TRANSPORT_ATTR_SSL_SESSION));
      return Contexts.interceptCall(
          Context.current().withValue(IDENTITY, identity), call, headers, next);
    }

    static String commonName(SSLSession session) {
      if (session == null) {
        return "nobody";
      }
      try {
        String subject =
            ((X509Certificate) session.getPeerCertificates()[0])
                .getSubjectX500Principal()
                .getName();
        return subject.replaceFirst("^CN=([^,]*).*$", "$1");
      } catch (SSLPeerUnverifiedException e) {
        return "unverified";
      }
    }
  }
}
