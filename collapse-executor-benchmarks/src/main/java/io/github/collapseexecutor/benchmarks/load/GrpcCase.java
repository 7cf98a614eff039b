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
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
    Instant start = Instant.now();
    List<String> conditions = new ArrayList<>();
    conditions.add(
        String.format(
            Locale.ROOT,
            "Date: %s; %s run: %d s per measured side, %d s"
                + " warm-up per side; machine: %s; load average (1 min) before: %.2f",
            start.truncatedTo(ChronoUnit.SECONDS),
            settings.quick() ? "quick (smoke)" : "full",
            settings.measure().toSeconds(),
            settings.warmUp().toSeconds(),
            Machine.describe(),
            Machine.loadAverage()));
    Rounds rounds;
    try (GrpcBackend backend = GrpcBackend.start(settings.logs());
        Side without = new Side(backend, null);
        Side with = new Side(backend, CollapseClientInterceptor.builder().build())) {
      // unmeasured, so that neither side pays for the JIT's and the channel's warm-up alone
      compare("warm-up", without, with, settings.warmUp());
      List<Comparison> measured = new ArrayList<>();
      for (int round = 1; round <= settings.rounds(); round++) {
        measured.add(compare("round " + round, without, with, settings.measure()));
      }
      rounds = new Rounds(measured);
    }
    Duration took = Duration.between(start, Instant.now());
    conditions.add(
        String.format(
            Locale.ROOT, "The case took %d min %02d s", took.toMinutes(), took.toSecondsPart()));
    ResultsPage.writeSection(settings.out(), BEGIN, END, markdown(conditions, rounds));
  }

  private static Comparison compare(String run, Side without, Side with, Duration duration)
      throws IOException, InterruptedException {
    Measurement withoutCollapse = without.measure(duration);
    Measurement withCollapse = with.measure(duration);
    Progress.line(
        "%-10s %-8s %3d users: %s",
        "gRPC", run, USERS, Progress.describe(withCollapse, withoutCollapse));
    return new Comparison(withCollapse, withoutCollapse);
  }

  /** Returns the case's section: its run conditions and the round with the median ratio. */
  String markdown(List<String> conditions, Rounds rounds) {
    Comparison median = rounds.median();
    Measurement with = median.with();
    Measurement without = median.without();
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
        .append(
            String.format(
                Locale.ROOT,
                "| %d users, one unary call, no delay | %.0f / %.0f"
                    + " | **%.2fx** | %s | %.1f / %.1f | %.2fx | %.1f / %.1f |%n%n",
                USERS,
                with.tps(),
                without.tps(),
                median.ratio(),
                rounds.ratios(),
                with.p99Millis(),
                without.p99Millis(),
                with.p99Millis() / without.p99Millis(),
                with.callsPerThousand(),
                without.callsPerThousand()));
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
