package io.github.collapseexecutor.samples.tracing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.web.client.RestClient;

/**
 * Calls {@code GET /quote/{id}} on this application's own server from many threads at once,
 * through a RestClient from Spring Boot's builder, which does not collapse: every call reaches the
 * controller as a request of its own, with a server span of its own.
 */
public class QuoteCallers {

  /** How many callers the application starts. */
  public static final int CALLERS = 50;

  private final RestClient.Builder builder;
  private final WebServerApplicationContext server;

  /** Creates callers that build their client from {@code builder}. */
  public QuoteCallers(RestClient.Builder builder, WebServerApplicationContext server) {
    this.builder = builder;
    this.server = server;
  }

  /** Calls the quote of {@code id} on {@code n} threads at once; returns what each got. */
  public List<String> call(int n, long id) throws InterruptedException {
    RestClient client =
        builder.clone().baseUrl("http://127.0.0.1:" + server.getWebServer().getPort()).build();
    CountDownLatch start = new CountDownLatch(1);
    String[] quotes = new String[n];
    List<Thread> callers = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int index = i;
      callers.add(
          new Thread(
              () -> {
                try {
                  start.await();
                  quotes[index] = client.get().uri("/quote/{id}", id).retrieve().body(String.class);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                } catch (RuntimeException e) {
                  quotes[index] = "failed: " + e;
                }
              },
              "quote-caller-" + i));
    }
    callers.forEach(Thread::start);
    start.countDown();
    for (Thread caller : callers) {
      caller.join(TimeUnit.SECONDS.toMillis(30));
    }
    return Arrays.asList(quotes);
  }
}
