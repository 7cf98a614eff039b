package io.github.collapseexecutor.testing.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.testing.identity.HeldState;
import io.github.collapseexecutor.testing.identity.ReadsAfterWritesContract;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@link ReadsAfterWritesContract} for a client adapter: reads are {@code GET}s and writes
 * {@code POST}s that the client sends to a server on loopback; once a {@code POST}'s response
 * arrived, a {@code GET} the client sends never joins one sent before.
 */
public interface ClientReadsAfterWritesContract extends ClientContract, ReadsAfterWritesContract {

  @Override
  default ReadsAfterWritesContract.Subject createSubject(HeldState state) throws Exception {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    ExecutorService threads = Executors.newCachedThreadPool();
    server.setExecutor(threads);
    server.createContext(
        "/state",
        exchange ->
            answer(
                exchange,
                "POST".equals(exchange.getRequestMethod()) ? "v" + state.write() : state.read()));
    server.start();
    Placements placements = new Placements();
    DrivenClient client;
    try {
      client =
          open(
              "http://127.0.0.1:" + server.getAddress().getPort(),
              options()
                  .group(CollapseGroup.ofUris("/state"))
                  .observations(placements.observations())
                  .build());
    } catch (Exception | Error failure) {
      server.stop(0);
      threads.shutdownNow();
      throw failure;
    }
    return new ReadsAfterWritesContract.Subject() {
      @Override
      public CompletableFuture<String> read() {
        return client.start(Call.get("/state")).body();
      }

      @Override
      public void awaitPlaced(int reads) throws Exception {
        placements.await(reads);
      }

      @Override
      public void write() throws Exception {
        client.send(new Call("POST", "/state", Map.of(), "write", null));
      }

      @Override
      public void close() {
        try {
          client.close();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        } finally {
          server.stop(0);
          threads.shutdownNow();
        }
      }
    };
  }

  private static void answer(HttpExchange exchange, String body) throws IOException {
    exchange.getRequestBody().readAllBytes();
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "text/plain");
    exchange.sendResponseHeaders(200, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
