package io.github.collapseexecutor.testing.http;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.requestfilter.RequestFilterAction;
import com.github.tomakehurst.wiremock.extension.requestfilter.StubRequestFilterV2;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A WireMock server on loopback whose first request hangs until {@link #release()} (at most
 * 10 s), while every later one is answered at once. Each response body is {@code call N}, N the
 * order in which the request arrived, so a test sees which call a caller's response came from.
 */
public final class StuckFirstBackend {

  private final AtomicInteger calls = new AtomicInteger();
  private final CountDownLatch firstArrived = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final WireMockServer server =
      new WireMockServer(
          options()
              .dynamicPort()
              .bindAddress("127.0.0.1")
              .containerThreads(32)
              .jettyAcceptors(2)
              .extensions(new Stall()));

  /** Starts the server. */
  public void start() {
    server.start();
  }

  /** Lets the first request go on, and stops the server. */
  public void stop() {
    release();
    server.stop();
  }

  /** Returns the base URL, {@code http://127.0.0.1:port}. */
  public String baseUrl() {
    return server.baseUrl();
  }

  /** Waits, at most 10 s, until the first request is hanging in the server. */
  public void awaitFirst() throws InterruptedException {
    assertThat(firstArrived.await(10, TimeUnit.SECONDS)).as("first request arrived").isTrue();
  }

  /** Lets the first request be answered. */
  public void release() {
    release.countDown();
  }

  /** Returns how many requests arrived. */
  public int calls() {
    return calls.get();
  }

  private final class Stall implements StubRequestFilterV2 {

    @Override
    public RequestFilterAction filter(Request request, ServeEvent serveEvent) {
      int call = calls.incrementAndGet();
      if (call == 1) {
        firstArrived.countDown();
        try {
          release.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return RequestFilterAction.stopWith(
          ResponseDefinitionBuilder.responseDefinition()
              .withStatus(200)
              .withHeader("Content-Type", "text/plain")
              .withHeader("Cache-Control", "public")
              .withBody("call " + call)
              .build());
    }

    @Override
    public String getName() {
      return "stall-first";
    }
  }
}
