package io.github.collapseexecutor.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.JoinedCallers;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.catalina.Context;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A servlet application on an embedded Tomcat, with nothing but the core, the HTTP module and
 * this one on its class path: concurrent identical requests run the servlet once, and every
 * caller gets the whole response.
 */
final class PlainServletApplicationTest {

  private static final int CALLERS = 50;

  private final AtomicInteger servletRuns = new AtomicInteger();
  private final JoinedCallers joined = new JoinedCallers(CALLERS - 1);
  private final CollapseServletFilter filter =
      new CollapseServletFilter(
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/quote/*"))
              .observations(joined)
              .build());
  private final Tomcat tomcat = new Tomcat();

  @BeforeEach
  void start() throws Exception {
    tomcat.setBaseDir(Files.createTempDirectory("tomcat").toString());
    Connector connector = new Connector();
    connector.setPort(0);
    connector.setProperty("address", "127.0.0.1");
    tomcat.setConnector(connector);
    Context context = tomcat.addContext("", null);
    Tomcat.addServlet(context, "quotes", new Quotes()).setAsyncSupported(true);
    context.addServletMappingDecoded("/*", "quotes");
    FilterDef def = new FilterDef();
    def.setFilterName("collapse");
    def.setFilter(filter);
    def.setAsyncSupported("true");
    context.addFilterDef(def);
    FilterMap map = new FilterMap();
    map.setFilterName("collapse");
    map.addURLPattern("/*");
    map.setDispatcher("REQUEST");
    map.setDispatcher("ASYNC");
    context.addFilterMap(map);
    tomcat.start();
  }

  @AfterEach
  void stop() throws Exception {
    filter.close();
    tomcat.stop();
    tomcat.destroy();
  }

  @Test
  void theClassPathHoldsNoSpring() {
    assertThatThrownBy(() -> Class.forName("org.springframework.core.SpringVersion"))
        .isInstanceOf(ClassNotFoundException.class);
  }

  @Test
  @Timeout(60)
  void concurrentIdenticalRequestsRunTheServletOnce() throws Exception {
    URI uri = URI.create("http://127.0.0.1:" + tomcat.getConnector().getLocalPort() + "/quote/42");
    HttpClient client = HttpClient.newHttpClient();
    List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
    for (int i = 0; i < CALLERS; i++) {
      responses.add(
          client.sendAsync(
              HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()));
    }

    for (CompletableFuture<HttpResponse<String>> response : responses) {
      HttpResponse<String> got = response.get(30, TimeUnit.SECONDS);
      assertThat(got.statusCode()).isEqualTo(200);
      assertThat(got.body()).isEqualTo("quote of /quote/42");
    }
    assertThat(servletRuns).hasValue(1);
    assertThat(filter.stats().led()).isEqualTo(1);
    assertThat(filter.stats().replayed()).isEqualTo(CALLERS - 1);
  }

  /** Answers once every other request waits for this one, so that none can come late. */
  private final class Quotes extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      servletRuns.incrementAndGet();
      try {
        joined.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      response.setContentType("text/plain");
      response.getWriter().write("quote of " + request.getRequestURI());
    }
  }
}
