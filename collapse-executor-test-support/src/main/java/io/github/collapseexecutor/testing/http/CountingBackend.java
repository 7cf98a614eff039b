package io.github.collapseexecutor.testing.http;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.extension.requestfilter.RequestFilterAction;
import com.github.tomakehurst.wiremock.extension.requestfilter.StubRequestFilterV2;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A WireMock server on loopback that counts requests by method and path as they arrive (its
 * request journal is written after the response, too late to count on).
 */
public final class CountingBackend {

  private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
  private final WireMockServer server =
      new WireMockServer(
          options()
              .dynamicPort()
              .bindAddress("127.0.0.1")
              .containerThreads(64)
              .jettyAcceptors(2)
              .extensions(new Counter()));

  /** Starts the server and returns it for stubbing. */
  public WireMockServer start() {
    server.start();
    return server;
  }

  /** Stops the server. */
  public void stop() {
    server.stop();
  }

  /** Returns how many {@code method} requests for {@code path} arrived. */
  public int calls(String method, String path) {
    AtomicInteger count = calls.get(method + " " + path);
    return count == null ? 0 : count.get();
  }

  /** Returns how many GET requests for {@code path} arrived. */
  public int gets(String path) {
    return calls("GET", path);
  }

  private final class Counter implements StubRequestFilterV2 {

    @Override
    public RequestFilterAction filter(Request request, ServeEvent serveEvent) {
      String path = URI.create(request.getUrl()).getPath();
      calls
          .computeIfAbsent(request.getMethod().getName() + " " + path, k -> new AtomicInteger())
          .incrementAndGet();
      return RequestFilterAction.continueWith(request);
    }

    @Override
    public String getName() {
      return "counting";
    }
  }
}
