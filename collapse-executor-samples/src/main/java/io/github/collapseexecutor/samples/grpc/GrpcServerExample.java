package io.github.collapseexecutor.samples.grpc;

import com.google.protobuf.StringValue;
import io.github.collapseexecutor.grpc.CollapseServerInterceptor;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCalls;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A gRPC server with {@link CollapseServerInterceptor}, so that the identical unary calls it
 * receives while its handler runs share that run: 50 clients ask for the same quote at once, and
 * the slow handler runs once; without the interceptor it runs 50 times.
 *
 * <p>Run it: {@code ./mvnw -q -pl collapse-executor-samples -am -DskipTests package exec:java
 * -Ddemo.main=io.github.collapseexecutor.samples.grpc.GrpcServerExample}.
 */
public final class GrpcServerExample {

  static final int CALLERS = 50;

  private GrpcServerExample() {}

  public static void main(String[] args) throws Exception {
    Round collapsed = serve(/* collapse= */ true, CALLERS);
    System.out.printf(
        "with CollapseServerInterceptor: %d calls got %s, the handler ran %d time(s)%n",
        collapsed.quotes().size(), collapsed.quotes().get(0), collapsed.handlerRuns());
    Round plain = serve(/* collapse= */ false, CALLERS);
    System.out.printf(
        "without it:                     %d calls got %s, the handler ran %d time(s)%n",
        plain.quotes().size(), plain.quotes().get(0), plain.handlerRuns());
  }

  /** What the callers of one round got, and how many times the server's handler ran. */
  record Round(List<String> quotes, int handlerRuns) {}

  /**
   * Starts the quote service on loopback, behind a {@link CollapseServerInterceptor} or not, sends
   * it {@code callers} identical calls at once, and stops it once every caller has its answer.
   */
  static Round serve(boolean collapse, int callers) throws Exception {
    // The handler stands for a slow one: it answers only once every call has reached the server
    // (it runs the handler or waits for a run), however slowly a busy machine sends them.
    CountDownLatch arrived = new CountDownLatch(callers);
    AtomicInteger handlerRuns = new AtomicInteger();
    ServerServiceDefinition quotes =
        ServerServiceDefinition.builder("quotes.Quotes")
            .addMethod(
                QuoteService.GET,
                ServerCalls.asyncUnaryCall(
                    (symbol, answer) -> {
                      handlerRuns.incrementAndGet();
                      arrived.countDown();
                      awaitQuietly(arrived);
                      answer.onNext(StringValue.of(symbol.getValue() + " 101.25"));
                      answer.onCompleted();
                    }))
            .build();
    try (CollapseServerInterceptor collapseCalls = CollapseServerInterceptor.builder().build()) {
      ServerServiceDefinition service =
          collapse
              ? ServerInterceptors.intercept(quotes, collapseCalls, new Arrivals(arrived))
              : ServerInterceptors.intercept(quotes, new Arrivals(arrived));
      Server server =
          NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .addService(service)
              .build()
              .start();
      ManagedChannel channel =
          Grpc.newChannelBuilderForAddress(
                  "127.0.0.1", server.getPort(), InsecureChannelCredentials.create())
              .build();
      try {
        List<String> answers = QuoteService.quotes(QuoteService.callConcurrently(channel, callers));
        return new Round(answers, handlerRuns.get());
      } finally {
        channel.shutdownNow();
        server.shutdownNow();
      }
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Counts the calls that have reached the handler or the collapse interceptor: added last, it
   * runs first, and a call counts once the interceptors after it have taken its request (the
   * call runs the handler, which counts it too, or waits for the run of an identical call).
   */
  private static final class Arrivals implements ServerInterceptor {

    private final CountDownLatch arrived;

    Arrivals(CountDownLatch arrived) {
      this.arrived = arrived;
    }

    @Override
    public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
        ServerCall<ReqT, RespT> call, Metadata headers, ServerCallHandler<ReqT, RespT> next) {
      return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(
          next.startCall(call, headers)) {
        @Override
        public void onHalfClose() {
          super.onHalfClose();
          arrived.countDown();
        }
      };
    }
  }
}
