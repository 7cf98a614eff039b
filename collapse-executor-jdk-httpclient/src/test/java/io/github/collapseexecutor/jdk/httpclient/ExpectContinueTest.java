package io.github.collapseexecutor.jdk.httpclient;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.Parking;
import io.github.collapseexecutor.testing.http.JoinedCallers;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link HttpRequest#expectContinue()} makes the JDK's client send {@code Expect: 100-continue},
 * a header the client adds itself, outside {@code request.headers()}; a server or proxy that
 * answers by it (one that refuses expectations, or meters them) gives the two requests different
 * answers, so the setting is in the key.
 *
 * <p>Set-up: a server whose first request hangs until released; it answers
 * {@code answered under an expectation, call N} to a request with {@code Expect}, {@code call N}
 * to one without. Caller A sends, and while its
 * call hangs caller B sends the same GET with the other setting.
 */
final class ExpectContinueTest {

  private final AtomicInteger calls = new AtomicInteger();
  private final CountDownLatch firstArrived = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final ExecutorService serverThreads = Executors.newFixedThreadPool(8);
  private final JoinedCallers joined = new JoinedCallers(1);
  private final HttpCollapseOptions options =
      HttpCollapseOptions.builder()
          .group(CollapseGroup.ofUris("/slow/*"))
          .waitTimeout(Duration.ofSeconds(15))
          .observations(joined)
          .build();
  private ServerSocket server;

  /**
   * A minimal HTTP/1.1 server, one request per connection, that answers by the {@code Expect}
   * header: {@code 100 Continue} and then a body that says so to a request with it. (A server
   * that refuses expectations with {@code 417} would do, but the JDK 17 client waits forever for
   * a {@code 417} to a bodiless {@code expectContinue} GET, collapse or not.)
   */
  @BeforeEach
  void start() throws IOException {
    server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    serverThreads.execute(
        () -> {
          while (!server.isClosed()) {
            try {
              Socket socket = server.accept();
              serverThreads.execute(() -> answer(socket));
            } catch (IOException closed) {
              return;
            }
          }
        });
  }

  private void answer(Socket socket) {
    try (socket) {
      BufferedReader in =
          new BufferedReader(
              new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
      boolean expects = false;
      for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
        expects |= line.toLowerCase(java.util.Locale.ROOT).startsWith("expect:");
      }
      int call = calls.incrementAndGet();
      if (call == 1) {
        firstArrived.countDown();
        Parking.await(release);
      }
      byte[] body =
          ((expects ? "answered under an expectation, " : "") + "call " + call)
              .getBytes(StandardCharsets.UTF_8);
      String head =
          (expects ? "HTTP/1.1 100 Continue\r\n\r\n" : "")
              + "HTTP/1.1 200 OK\r\n"
              + "Content-Type: text/plain\r\nCache-Control: public\r\nConnection: close\r\n"
              + "Content-Length: "
              + body.length
              + "\r\n\r\n";
      OutputStream out = socket.getOutputStream();
      out.write(head.getBytes(StandardCharsets.ISO_8859_1));
      out.write(body);
      out.flush();
    } catch (IOException ignored) {
      // the client went away
    }
  }

  @AfterEach
  void stop() throws IOException {
    release.countDown();
    server.close();
    serverThreads.shutdownNow();
  }

  /**
   * A plain GET sent while an {@code expectContinue} GET of the same URI is in flight gets its own
   * answer.
   */
  @Test
  @Timeout(30)
  void aPlainGetNeverSharesTheAnswerToAnExpectContinueGet() throws Exception {
    try (CollapsingHttpClient client = CollapsingHttpClient.wrap(http11(), options)) {
      CompletableFuture<HttpResponse<String>> expecting =
          client.sendAsync(request(true), BodyHandlers.ofString());
      Parking.await(firstArrived);
      CompletableFuture<HttpResponse<String>> plain =
          client.sendAsync(request(false), BodyHandlers.ofString());
      awaitJoinedOrAnswered(plain);
      release.countDown();

      assertThat(expecting.get(10, TimeUnit.SECONDS).body())
          .isEqualTo("answered under an expectation, call 1");
      assertThat(plain.get(10, TimeUnit.SECONDS).body())
          .as("the plain GET's own answer")
          .isEqualTo("call 2");
      assertThat(calls.get()).as("server calls").isEqualTo(2);
    }
  }

  /** The same, the other way round: the first caller sends no expectation. */
  @Test
  @Timeout(30)
  void anExpectContinueGetNeverSharesTheAnswerToAPlainGet() throws Exception {
    try (CollapsingHttpClient client = CollapsingHttpClient.wrap(http11(), options)) {
      CompletableFuture<HttpResponse<String>> plain =
          client.sendAsync(request(false), BodyHandlers.ofString());
      Parking.await(firstArrived);
      CompletableFuture<HttpResponse<String>> expecting =
          client.sendAsync(request(true), BodyHandlers.ofString());
      awaitJoinedOrAnswered(expecting);
      release.countDown();

      assertThat(plain.get(10, TimeUnit.SECONDS).body()).isEqualTo("call 1");
      assertThat(expecting.get(10, TimeUnit.SECONDS).body())
          .as("the expect-continue GET's own answer")
          .isEqualTo("answered under an expectation, call 2");
      assertThat(calls.get()).as("server calls").isEqualTo(2);
    }
  }

  /** Control: two plain GETs share the first call. */
  @Test
  @Timeout(30)
  void twoPlainGetsShare() throws Exception {
    try (CollapsingHttpClient client = CollapsingHttpClient.wrap(http11(), options)) {
      CompletableFuture<HttpResponse<String>> first =
          client.sendAsync(request(false), BodyHandlers.ofString());
      Parking.await(firstArrived);
      CompletableFuture<HttpResponse<String>> second =
          client.sendAsync(request(false), BodyHandlers.ofString());
      awaitJoinedOrAnswered(second);
      release.countDown();

      assertThat(first.get(10, TimeUnit.SECONDS).body()).isEqualTo("call 1");
      assertThat(second.get(10, TimeUnit.SECONDS).body()).isEqualTo("call 1");
      assertThat(calls.get()).isEqualTo(1);
    }
  }

  /** Control: without collapse, the server does tell the two requests apart. */
  @Test
  @Timeout(30)
  void theServerAnswersTheTwoRequestsDifferently() throws Exception {
    release.countDown();
    HttpClient plainClient = http11();
    assertThat(plainClient.send(request(true), BodyHandlers.ofString()).body())
        .isEqualTo("answered under an expectation, call 1");
    assertThat(plainClient.send(request(false), BodyHandlers.ofString()).body())
        .isEqualTo("call 2");
  }

  /** Waits, at most 10 s, until the second caller joined the first call or has its own answer. */
  private void awaitJoinedOrAnswered(CompletableFuture<?> second) throws Exception {
    CompletableFuture.anyOf(joined.allJoined(), second)
        .handle((r, f) -> null)
        .get(10, TimeUnit.SECONDS);
  }

  private static HttpClient http11() {
    return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  }

  private HttpRequest request(boolean expectContinue) {
    return HttpRequest.newBuilder(
            URI.create("http://127.0.0.1:" + server.getLocalPort() + "/slow/price"))
        .expectContinue(expectContinue)
        .GET()
        .build();
  }
}
