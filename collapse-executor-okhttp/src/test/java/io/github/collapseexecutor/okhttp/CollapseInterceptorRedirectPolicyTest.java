package io.github.collapseexecutor.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientCertificates;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import okhttp3.Cookie;
import okhttp3.CookieJar;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.tls.HandshakeCertificates;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The redirect policy of an {@code OkHttpClient} decides the response a caller gets: a client that
 * does not follow redirects (a guard against server-side request forgery that checks each
 * {@code Location} itself) gets the redirect, one that follows gets the target's answer. Through
 * one interceptor, clients made with {@code newBuilder()} that differ in it never share a call,
 * nor do clients that follow redirects with other cookie jars, whose cookies for the target the
 * key cannot see; clients with the same policy still do.
 *
 * <p>{@code /r} answers a redirect. Its first call is held until a second caller either waits in
 * the collapse library for it (they share) or reaches the server itself (they do not).
 */
@Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
final class CollapseInterceptorRedirectPolicyTest {

  private final AtomicInteger redirectCalls = new AtomicInteger();
  private final CountDownLatch leaderInside = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final ExecutorService serverPool = Executors.newCachedThreadPool();
  private final ExecutorService callers = Executors.newFixedThreadPool(2);
  private final ClientCertificates certificates = ClientCertificates.of("caller");
  private final CollapseInterceptor collapse =
      new CollapseInterceptor(
          HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/r")).build());
  private final OkHttpClient following =
      new OkHttpClient.Builder()
          .sslSocketFactory(tls().sslSocketFactory(), tls().trustManager())
          .addInterceptor(collapse)
          .build();
  private HttpServer server;
  private HttpsServer httpsServer;
  private volatile String location = "/target";

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(serverPool);
    server.createContext(
        "/r",
        exchange -> {
          if (redirectCalls.incrementAndGet() == 1) {
            leaderInside.countDown();
            await(release);
          } else {
            release.countDown(); // a second call reached the server: they do not share
          }
          exchange.getResponseHeaders().add("Location", location);
          exchange.sendResponseHeaders(302, -1);
          exchange.close();
        });
    server.createContext("/target", CollapseInterceptorRedirectPolicyTest::answerTarget);
    server.start();
    httpsServer = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    httpsServer.setHttpsConfigurator(new HttpsConfigurator(certificates.server().sslContext()));
    httpsServer.setExecutor(serverPool);
    httpsServer.createContext("/target", exchange -> answer(exchange, "tls target"));
    httpsServer.start();
  }

  @AfterEach
  void stop() {
    collapse.close();
    callers.shutdownNow();
    server.stop(0);
    httpsServer.stop(0);
    serverPool.shutdownNow();
    following.dispatcher().executorService().shutdown();
    following.connectionPool().evictAll();
  }

  @Test
  void aClientThatDoesNotFollowRedirectsGetsItsOwnRedirect() throws Exception {
    OkHttpClient guarded = following.newBuilder().followRedirects(false).build();

    List<String> answers = leaderAndSecond(following, guarded);

    assertThat(answers).containsExactly("200 target", "302 /target");
    assertThat(redirectCalls.get()).as("calls to /r, %s", collapse.stats()).isEqualTo(2);
  }

  @Test
  void aClientThatDoesNotFollowRedirectsToHttpsGetsItsOwnRedirect() throws Exception {
    location = "https://127.0.0.1:" + httpsServer.getAddress().getPort() + "/target";
    OkHttpClient guarded = following.newBuilder().followSslRedirects(false).build();

    List<String> answers = leaderAndSecond(following, guarded);

    assertThat(answers).containsExactly("200 tls target", "302 " + location);
    assertThat(redirectCalls.get()).as("calls to /r, %s", collapse.stats()).isEqualTo(2);
  }

  @Test
  void clientsThatFollowRedirectsWithOtherCookieJarsDoNotShare() throws Exception {
    OkHttpClient alice = following.newBuilder().cookieJar(new TargetSession("alice")).build();
    OkHttpClient bob = following.newBuilder().cookieJar(new TargetSession("bob")).build();

    List<String> answers = leaderAndSecond(alice, bob);

    assertThat(answers).containsExactly("200 target session=alice", "200 target session=bob");
    assertThat(redirectCalls.get()).as("calls to /r, %s", collapse.stats()).isEqualTo(2);
  }

  @Test
  void clientsThatFollowRedirectsAlikeShareOneCall() throws Exception {
    OkHttpClient alsoFollowing =
        following.newBuilder().followRedirects(true).followSslRedirects(true).build();

    List<String> answers = leaderAndSecond(following, alsoFollowing);

    assertThat(answers).containsExactly("200 target", "200 target");
    assertThat(redirectCalls.get()).as("calls to /r, %s", collapse.stats()).isEqualTo(1);
  }

  @Test
  void clientsThatDoNotFollowRedirectsShareOneCall() throws Exception {
    OkHttpClient guarded = following.newBuilder().followRedirects(false).build();
    OkHttpClient alsoGuarded = guarded.newBuilder().build();

    List<String> answers = leaderAndSecond(guarded, alsoGuarded);

    assertThat(answers).containsExactly("302 /target", "302 /target");
    assertThat(redirectCalls.get()).as("calls to /r, %s", collapse.stats()).isEqualTo(1);
  }

  /**
   * Calls {@code /r} with {@code first}, and once its call holds at the server, with
   * {@code second}; returns what each got.
   */
  private List<String> leaderAndSecond(OkHttpClient first, OkHttpClient second) throws Exception {
    String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/r";
    CompletableFuture<String> leader =
        CompletableFuture.supplyAsync(() -> get(first, url), callers);
    assertThat(leaderInside.await(10, TimeUnit.SECONDS)).as("the first call arrived").isTrue();
    AtomicReference<Thread> secondThread = new AtomicReference<>();
    CompletableFuture<String> other =
        CompletableFuture.supplyAsync(
            () -> {
              secondThread.set(Thread.currentThread());
              return get(second, url);
            },
            callers);
    awaitWaitingInCollapse(secondThread, release);
    release.countDown();
    return List.of(leader.get(10, TimeUnit.SECONDS), other.get(10, TimeUnit.SECONDS));
  }

  /**
   * Returns once the caller's thread waits inside the collapse library (it joined the first
   * call), or once its own call reached the server.
   */
  private static void awaitWaitingInCollapse(AtomicReference<Thread> ref, CountDownLatch arrived) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (arrived.getCount() > 0) {
      assertThat(System.nanoTime() - deadline)
          .as("the second caller joined or arrived")
          .isNegative();
      Thread thread = ref.get();
      if (thread != null) {
        Thread.State state = thread.getState();
        if ((state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING)
            && Arrays.stream(thread.getStackTrace())
                .anyMatch(
                    frame ->
                        frame
                            .getClassName()
                            .startsWith("io.github.collapseexecutor.http.adapter"))) {
          return;
        }
      }
      Thread.onSpinWait();
    }
  }

  private HandshakeCertificates tls() {
    return certificates.clients().get("caller");
  }

  private static String get(OkHttpClient client, String url) {
    try (Response response = client.newCall(new Request.Builder().url(url).build()).execute()) {
      String body = response.body().string();
      return response.code() + " " + (response.isRedirect() ? response.header("Location") : body);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void answerTarget(HttpExchange exchange) throws IOException {
    String cookie = exchange.getRequestHeaders().getFirst("Cookie");
    answer(exchange, cookie == null ? "target" : "target " + cookie);
  }

  private static void answer(HttpExchange exchange, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "text/plain");
    exchange.sendResponseHeaders(200, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  /** A cookie jar whose session cookie is sent to {@code /target} only, not to {@code /r}. */
  private record TargetSession(String session) implements CookieJar {

    @Override
    public List<Cookie> loadForRequest(HttpUrl url) {
      return url.encodedPath().startsWith("/target")
          ? List.of(new Cookie.Builder().name("session").value(session).domain(url.host()).build())
          : List.of();
    }

    @Override
    public void saveFromResponse(HttpUrl url, List<Cookie> cookies) {}
  }
}
