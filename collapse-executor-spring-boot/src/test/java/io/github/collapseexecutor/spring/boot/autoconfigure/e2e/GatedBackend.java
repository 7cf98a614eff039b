package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.extension.requestfilter.RequestFilterAction;
import com.github.tomakehurst.wiremock.extension.requestfilter.StubRequestFilterV2;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A WireMock server on loopback that answers every GET with its path, counts requests by path as
 * they arrive, and holds each request until a gate opens (at most {@link #MAX_HOLD_SECONDS}), so
 * that a test can keep the first call of a set in flight until every caller has started. Register
 * it as a static {@code @RegisterExtension} field to have it run for the whole test class.
 */
final class GatedBackend implements BeforeAllCallback, AfterAllCallback {

  static final int MAX_HOLD_SECONDS = 10;

  private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
  private volatile CountDownLatch gate = new CountDownLatch(0);
  private final WireMockServer server =
      new WireMockServer(
          options()
              .dynamicPort()
              .bindAddress("127.0.0.1")
              .containerThreads(64)
              .jettyAcceptors(2)
              .extensions(new Gate()));

  void start() {
    server.start();
    server.stubFor(
        get(urlPathMatching("/.*"))
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "text/plain")
                    .withHeader("Cache-Control", "public")
                    .withBody("answer")));
  }

  /** Answers the GETs of {@code path} that send {@code header} with {@code value}: {@code body}. */
  void answerWhen(String path, String header, String value, String body) {
    server.stubFor(
        get(urlPathEqualTo(path))
            .withHeader(header, equalTo(value))
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "text/plain")
                    .withHeader("Cache-Control", "public")
                    .withBody(body)));
  }

  void stop() {
    server.stop();
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    start();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    stop();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.port();
  }

  /** Holds every later request until {@code gate} opens. */
  void holdUntil(CountDownLatch gate) {
    this.gate = gate;
  }

  /** Returns how many requests for {@code path} arrived. */
  int calls(String path) {
    AtomicInteger count = calls.get(path);
    return count == null ? 0 : count.get();
  }

  private final class Gate implements StubRequestFilterV2 {

    @Override
    public RequestFilterAction filter(Request request, ServeEvent serveEvent) {
      calls
          .computeIfAbsent(URI.create(request.getUrl()).getPath(), k -> new AtomicInteger())
          .incrementAndGet();
      try {
        gate.await(MAX_HOLD_SECONDS, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return RequestFilterAction.continueWith(request);
    }

    @Override
    public String getName() {
      return "gate";
    }
  }
}
