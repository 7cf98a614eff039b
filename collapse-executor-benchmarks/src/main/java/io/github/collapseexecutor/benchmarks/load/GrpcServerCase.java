package io.github.collapseexecutor.benchmarks.load;

import com.google.protobuf.StringValue;
import io.github.collapseexecutor.grpc.CollapseServerInterceptor;
import io.github.collapseexecutor.samples.grpc.QuoteService;
import io.grpc.CallOptions;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The gRPC server: {@value #USERS} closed-loop users make the same unary call,
 * {@code quotes.Quotes/Get}, over a Netty channel to a Netty server in this JVM whose handler
 * computes its answer ({@value #HASHES} SHA-256 rounds over 1 KB, about a millisecond of CPU),
 * with and without {@link CollapseServerInterceptor} on the server. What collapse saves is the
 * handler's work. The case writes a section of its own, between {@link #BEGIN} and {@link #END}.
 */
final class GrpcServerCase {

  /** The users of the client cases, so that the figures read alike. */
  static final int USERS = ClientCases.USERS;

  /** The handler's work: this many hashing rounds. */
  static final int HASHES = 2000;

  static final String BEGIN = "<!-- grpc-server-results:begin (written by the load harness) -->";
  static final String END = "<!-- grpc-server-results:end -->";

  private final Settings settings;

  GrpcServerCase(Settings settings) {
    this.settings = settings;
  }

  /** Runs the case and writes its section. */
  void run() throws IOException, InterruptedException {
    UnaryCallRounds harness = new UnaryCallRounds(settings, "gRPC srv");
    Rounds rounds;
    try (Side without = new Side(null);
        Side with = new Side(CollapseServerInterceptor.builder().build())) {
      rounds = harness.run(USERS, without::measure, with::measure);
    }
    ResultsPage.writeSection(settings.out(), BEGIN, END, markdown(harness.conditions(), rounds));
  }

  /** Returns the case's section: its run conditions and the round with the median ratio. */
  private static String markdown(List<String> conditions, Rounds rounds) {
    StringBuilder md = new StringBuilder("### gRPC server: run conditions\n\n");
    conditions.forEach(line -> md.append("- ").append(line).append('\n'));
    md.append("\n### gRPC server interceptor, unary calls\n\n")
        .append("| load | TPS with / without | TPS ratio | every round's ratio")
        .append(
            " | p99 ms with / without | p99 ratio | handler runs per 1000 calls with / without |\n")
        .append("|---|---:|---:|---:|---:|---:|---:|\n")
        .append(UnaryCallRounds.row(USERS + " users, one unary call, ~1 ms handler", rounds));
    return md.toString();
  }

  /** A server with or without the interceptor, a channel to it, and its users. */
  private static final class Side implements AutoCloseable {

    private final AtomicLong runs = new AtomicLong();
    private final CollapseServerInterceptor interceptor;
    private final Server server;
    private final ManagedChannel channel;

    Side(CollapseServerInterceptor interceptor) throws IOException {
      this.interceptor = interceptor;
      ServerServiceDefinition service =
          ServerServiceDefinition.builder("quotes.Quotes")
              .addMethod(
                  QuoteService.GET,
                  ServerCalls.asyncUnaryCall(
                      (request, answer) -> {
                        runs.incrementAndGet();
                        answer.onNext(StringValue.of(quote(request.getValue())));
                        answer.onCompleted();
                      }))
              .build();
      this.server =
          NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .addService(
                  interceptor == null
                      ? service
                      : ServerInterceptors.intercept(service, interceptor))
              .build()
              .start();
      this.channel =
          Grpc.newChannelBuilderForAddress(
                  "127.0.0.1", server.getPort(), InsecureChannelCredentials.create())
              .build();
    }

    Measurement measure(Duration duration) throws InterruptedException {
      long before = runs.get();
      Measurement measured =
          ClosedLoop.blocking(
              USERS,
              duration,
              () ->
                  ClientCalls.blockingUnaryCall(
                      channel, QuoteService.GET, CallOptions.DEFAULT, StringValue.of("ACME")));
      return measured.withBackendCalls(runs.get() - before);
    }

    /** The handler's work: hashing rounds over 1 KB that start from the symbol. */
    private static String quote(String symbol) {
      MessageDigest sha;
      try {
        sha = MessageDigest.getInstance("SHA-256");
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
      byte[] block = new byte[1024];
      byte[] seed = symbol.getBytes(StandardCharsets.UTF_8);
      System.arraycopy(seed, 0, block, 0, Math.min(seed.length, block.length));
      for (int i = 0; i < HASHES; i++) {
        byte[] digest = sha.digest(block);
        System.arraycopy(digest, 0, block, 0, digest.length);
      }
      return symbol + " " + HexFormat.of().formatHex(block, 0, 8);
    }

    @Override
    public void close() throws InterruptedException {
      channel.shutdownNow();
      server.shutdownNow();
      server.awaitTermination(5, TimeUnit.SECONDS);
      if (interceptor != null) {
        interceptor.close();
      }
    }
  }
}
