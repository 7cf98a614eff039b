package io.github.collapseexecutor.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.testing.JoinedCallers;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.ConnectionPool;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An OkHttp application with nothing but the core, the HTTP module and this one on its class
 * path: concurrent identical calls make one backend call, and every caller reads its own body.
 */
final class PlainOkHttpApplicationTest {

  private static final int CALLERS = 50;

  private final AtomicInteger backendCalls = new AtomicInteger();
  private final JoinedCallers joined = new JoinedCallers(CALLERS - 1);
  private final ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
  private HttpServer backend;
  private CollapseInterceptor interceptor;
  private OkHttpClient client;

  @BeforeEach
  void start() throws IOException {
    backend = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    backend.setExecutor(Executors.newCachedThreadPool());
    backend.createContext("/quote/", exchange -> {
      backendCalls.incrementAndGet();
      try {
        // answer once every other caller waits for this call, so that none can come late
        joined.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      byte[] body = ("quote of " + exchange.getRequestURI().getPath())
          .getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
    backend.start();
    interceptor = new CollapseInterceptor(HttpCollapseOptions.builder()
        .group(CollapseGroup.ofUris("/quote/*"))
        .observations(joined)
        .build());
    Dispatcher dispatcher = new Dispatcher();
    dispatcher.setMaxRequestsPerHost(CALLERS);
    client = new OkHttpClient.Builder()
        .dispatcher(dispatcher)
        .connectionPool(new ConnectionPool())
        .addInterceptor(interceptor)
        .build();
  }

  @AfterEach
  void stop() {
    callers.shutdownNow();
    interceptor.close();
    client.dispatcher().executorService().shutdown();
    client.connectionPool().evictAll();
    backend.stop(0);
  }

  @Test
  void theClassPathHoldsNoSpring() {
    assertThatThrownBy(() -> Class.forName("org.springframework.core.SpringVersion"))
        .isInstanceOf(ClassNotFoundException.class);
  }

  @Test
  @Timeout(60)
  void concurrentIdenticalCallsMakeOneBackendCall() throws Exception {
    String url = "http://127.0.0.1:" + backend.getAddress().getPort() + "/quote/42";
    List<Future<String>> bodies = new ArrayList<>();
    for (int i = 0; i < CALLERS; i++) {
      bodies.add(callers.submit(() -> {
        try (Response response = client.newCall(new Request.Builder().url(url).build())
            .execute()) {
          return response.code() + " " + response.body().string();
        }
      }));
    }

    for (Future<String> body : bodies) {
      assertThat(body.get()).isEqualTo("200 quote of /quote/42");
    }
    assertThat(backendCalls).hasValue(1);
    assertThat(interceptor.stats().led()).isEqualTo(1);
    assertThat(interceptor.stats().replayed()).isEqualTo(CALLERS - 1);
  }
}
