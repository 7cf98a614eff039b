package io.github.collapseexecutor.benchmarks.load;

import com.sun.net.httpserver.HttpServer;
import io.github.collapseexecutor.samples.grpc.QuoteService;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The gRPC backend of the gRPC case, in a JVM of its own: the samples' {@link QuoteService},
 * answering at once, and beside it an HTTP endpoint on loopback, {@code GET /counter}, that
 * answers {@code {"grpc": calls}} and tells the harness the JVM is ready.
 */
final class GrpcBackend implements AutoCloseable {

  private final ChildJvm jvm;
  private final int port;
  private final URI counter;

  private GrpcBackend(ChildJvm jvm, int port, URI counter) {
    this.jvm = jvm;
    this.port = port;
    this.counter = counter;
  }

  /** Starts the backend on free ports and waits until it answers. */
  static GrpcBackend start(Path logs) throws IOException, InterruptedException {
    int port = Loopback.freePort();
    int counterPort = Loopback.freePort();
    URI counter = URI.create("http://127.0.0.1:" + counterPort + "/counter");
    ChildJvm jvm =
        ChildJvm.start(
            "grpc-backend",
            GrpcBackend.class.getName(),
            SampleApp.JVM_OPTIONS,
            List.of(String.valueOf(port), String.valueOf(counterPort)),
            counter,
            logs);
    return new GrpcBackend(jvm, port, counter);
  }

  /** Returns the port of the gRPC service on 127.0.0.1. */
  int port() {
    return port;
  }

  /** Returns how many calls the service answered. */
  long calls() throws IOException, InterruptedException {
    return SampleApp.count(counter, "grpc");
  }

  @Override
  public void close() {
    jvm.close();
  }

  /** Runs in the child JVM: {@code port counterPort}. */
  public static void main(String[] args) throws Exception {
    QuoteService service = new QuoteService(/* held= */ false, Integer.parseInt(args[0]));
    HttpServer http =
        HttpServer.create(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[1])), 0);
    http.createContext(
        "/counter",
        exchange -> {
          byte[] body =
              ("{\"grpc\": " + service.gate().calls() + "}").getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    http.start();
    new CountDownLatch(1).await(); // until the harness stops the JVM
  }
}
