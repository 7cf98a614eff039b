package io.github.collapseexecutor.samples.grpc;

import com.google.common.util.concurrent.ListenableFuture;
import com.google.protobuf.StringValue;
import io.github.collapseexecutor.grpc.CollapseClientInterceptor;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import java.util.List;

/**
 * A gRPC channel with {@link CollapseClientInterceptor}, so that concurrent identical unary calls
 * share one call: 100 callers ask for the same quote while the service is still working on the
 * first call, and the service answers once.
 *
 * <p>Run it: {@code ./mvnw -q -pl collapse-executor-samples -am -DskipTests package exec:java
 * -Ddemo.main=io.github.collapseexecutor.samples.grpc.GrpcExample}.
 */
public final class GrpcExample {

  static final int CALLERS = 100;

  private GrpcExample() {}

  public static void main(String[] args) throws Exception {
    try (QuoteService service = new QuoteService(/* held= */ true)) {
      List<String> quotes = fetchConcurrently(service, CALLERS);
      System.out.printf(
          "%d callers got %d distinct answers (%s) from %d call(s) of the service%n",
          quotes.size(), quotes.stream().distinct().count(), quotes.get(0), service.gate().calls());
    }
  }

  /**
   * Makes {@code callers} identical calls through one channel while {@code service} holds its
   * answers, then lets it answer; returns each caller's quote. A unary call joins the call in
   * progress when it half-closes, before {@code futureUnaryCall} returns, so every caller is in
   * place when the service answers.
   */
  static List<String> fetchConcurrently(QuoteService service, int callers) throws Exception {
    try (CollapseClientInterceptor collapse = CollapseClientInterceptor.builder().build()) {
      ManagedChannel channel =
          Grpc.newChannelBuilderForAddress(
                  "127.0.0.1", service.port(), InsecureChannelCredentials.create())
              .intercept(collapse)
              .build();
      try {
        List<ListenableFuture<StringValue>> calls = QuoteService.callConcurrently(channel, callers);
        service.gate().open();
        return QuoteService.quotes(calls);
      } finally {
        channel.shutdownNow();
      }
    }
  }
}
