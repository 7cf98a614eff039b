package io.github.collapseexecutor.benchmarks.load;

import com.google.protobuf.StringValue;
import io.github.collapseexecutor.grpc.CollapseClientInterceptor;
import io.github.collapseexecutor.samples.grpc.QuoteService;
import io.grpc.CallOptions;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.ClientCalls;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * gRPC: {@value #USERS} closed-loop users in the harness's process make the same unary call,
 * {@code quotes.Quotes/Get} of the samples' {@link QuoteService} in a JVM of its own, through a
 * Netty channel with and without {@link CollapseClientInterceptor}, blocking stubs on both sides.
 * The service answers at once, so what collapse saves is the calls themselves. The case writes a
 * section of its own, between {@link #BEGIN} and {@link #END}.
 */
final class GrpcCase {

  /** The users of the client cases, so that the figures read alike. */
  static final int USERS = ClientCases.USERS;

  static final String BEGIN = "<!-- grpc-results:begin (written by the load harness) -->";
  static final String END = "<!-- grpc-results:end -->";

  private final Settings settings;

  GrpcCase(Settings settings) {
    this.settings = settings;
  }

  /** Runs the case and writes its section. */
  void run() throws IOException, InterruptedException {
    UnaryCallRounds harness = new UnaryCallRounds(settings, "gRPC");
    Rounds rounds;
    try (GrpcBackend backend = GrpcBackend.start(settings.logs());
        Side without = new Side(backend, null);
        Side with = new Side(backend, CollapseClientInterceptor.builder().build())) {
      rounds = harness.run(USERS, without::measure, with::measure);
    }
    ResultsPage.writeSection(settings.out(), BEGIN, END, markdown(harness.conditions(), rounds));
  }

  /** Returns the case's section: its run conditions and the round with the median ratio. */
  String markdown(List<String> conditions, Rounds rounds) {
    StringBuilder md = new StringBuilder("### gRPC: run conditions\n\n");
    conditions.forEach(line -> md.append("- ").append(line).append('\n'));
    md.append("\n### gRPC unary calls, blocking stubs\n\n")
        .append("Ratio = with collapse / without, both measured in this run, in ")
        .append(settings.rounds())
        .append(
            " round(s), without then with; the columns show the"
                + " round with the median throughput ratio.\n\n")
        .append(
            "| load | TPS with / without | TPS ratio | every round's ratio"
                + " | p99 ms with / without | p99 ratio"
                + " | backend calls per 1000 requests with / without |\n")
        .append("|---|---:|---:|---:|---:|---:|---:|\n")
        .append(UnaryCallRounds.row(USERS + " users, one unary call, no delay", rounds));
    return md.toString();
  }

  /** One channel to the backend, with or without the interceptor, and its users. */
  private static final class Side implements AutoCloseable {

    private final GrpcBackend backend;
    private final ManagedChannel channel;
    private final CollapseClientInterceptor interceptor;

    Side(GrpcBackend backend, CollapseClientInterceptor interceptor) {
      this.backend = backend;
      this.interceptor = interceptor;
      ManagedChannelBuilder<?> builder =
          Grpc.newChannelBuilderForAddress(
              "127.0.0.1", backend.port(), InsecureChannelCredentials.create());
      if (interceptor != null) {
        builder.intercept(interceptor);
      }
      this.channel = builder.build();
    }

    Measurement measure(Duration duration) throws IOException, InterruptedException {
      long before = backend.calls();
      Measurement measured =
          ClosedLoop.blocking(
              USERS,
              duration,
              () ->
                  ClientCalls.blockingUnaryCall(
                      channel, QuoteService.GET, CallOptions.DEFAULT, StringValue.of("ACME")));
      return measured.withBackendCalls(backend.calls() - before);
    }

    @Override
    public void close() throws InterruptedException {
      channel.shutdown();
      if (!channel.awaitTermination(5, TimeUnit.SECONDS)) {
        channel.shutdownNow();
      }
      if (interceptor != null) {
        interceptor.close();
      }
    }
  }
}
