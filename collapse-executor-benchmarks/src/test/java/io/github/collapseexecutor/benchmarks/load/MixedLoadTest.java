package io.github.collapseexecutor.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The mixed workload's judge of stale reads, against a fake server on loopback that answers each
 * write and each read with the version a test sets: a read that answers less than a write had
 * answered before it was sent counts as stale, and no other read does.
 */
@Timeout(60)
final class MixedLoadTest {

  private static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(20))
          .build();

  private final AtomicLong readAnswer = new AtomicLong();
  private final AtomicLong writeAnswer = new AtomicLong();

  /** Holds the next read at the server, once set, until it is counted down. */
  private final AtomicReference<CountDownLatch> readGate = new AtomicReference<>();

  private final CountDownLatch readArrived = new CountDownLatch(1);
  private final ExecutorService serverThreads = Executors.newCachedThreadPool();
  private HttpServer server;
  private MixedLoad load;

  @BeforeEach
  void startServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/mixed/collapse/", this::answer);
    server.setExecutor(serverThreads);
    server.start();
    load =
        new MixedLoad(
            HTTP,
            URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/mixed/collapse/"),
            2);
  }

  @AfterEach
  void stopServer() {
    server.stop(0);
    serverThreads.shutdownNow();
  }

  @Test
  void aReadThatAnswersLessThanACompletedWriteOfItsKeyIsStale() throws Exception {
    writeAnswer.set(5);
    readAnswer.set(4);

    load.write(0);
    load.read(0);

    assertThat(load.counts().staleReads()).isEqualTo(1);
    assertThat(load.counts().firstStale()).contains("/mixed/collapse/0", "version 5 answered 4");
  }

  @Test
  void aReadThatAnswersTheWrittenVersionOrAnotherKeysIsNotStale() throws Exception {
    writeAnswer.set(5);
    readAnswer.set(5);

    load.write(0);
    load.read(0);
    readAnswer.set(4);
    load.read(1);

    assertThat(load.counts()).isEqualTo(new MixedLoad.Counts(2, 1, 0, ""));
  }

  @Test
  void aWriteThatCompletesWhileAReadIsInFlightDoesNotBindThatRead() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    readGate.set(release);
    readAnswer.set(4);
    writeAnswer.set(5);

    CompletableFuture<Void> read =
        CompletableFuture.runAsync(
            () -> {
              try {
                load.read(0);
              } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    assertThat(readArrived.await(20, TimeUnit.SECONDS)).isTrue();
    load.write(0);
    release.countDown();
    read.get(20, TimeUnit.SECONDS);

    assertThat(load.counts().staleReads()).isZero();
    load.read(0);
    assertThat(load.counts().staleReads()).as("the next read was sent after the write").isOne();
  }

  @Test
  void anAnswerThatIsNoVersionFailsTheRequestNamingIt() {
    server.createContext("/other/", exchange -> respond(exchange, "not a number"));
    MixedLoad other =
        new MixedLoad(
            HTTP, URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/other/"), 1);

    assertThatThrownBy(() -> other.read(0))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("GET http://127.0.0.1:")
        .hasMessageContaining("not a number");
  }

  private void answer(HttpExchange exchange) throws IOException {
    if (exchange.getRequestMethod().equals("POST")) {
      respond(exchange, Long.toString(writeAnswer.get()));
      return;
    }
    CountDownLatch gate = readGate.getAndSet(null);
    if (gate != null) {
      readArrived.countDown();
      try {
        if (!gate.await(20, TimeUnit.SECONDS)) {
          throw new IOException("the test never released the read");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException(e);
      }
    }
    respond(exchange, Long.toString(readAnswer.get()));
  }

  private static void respond(HttpExchange exchange, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(200, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
