package io.github.collapseexecutor.spring.observation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.http.CollapseGroup;
import io.github.collapseexecutor.spring.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.servlet.CollapseServletFilter;
import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import jakarta.servlet.Filter;
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
import org.apache.catalina.Context;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.filter.ServerHttpObservationFilter;

/**
 * The servlet filter tells the server's own {@code http.server.requests} observation, opened by
 * Spring's {@link ServerHttpObservationFilter} before it, what each request did.
 */
final class ServletObservationTest {

  private final TestObservationRegistry registry = TestObservationRegistry.create();
  private final HttpClient http = HttpClient.newHttpClient();
  private Tomcat tomcat;
  private int port;

  @BeforeEach
  void start() throws Exception {
    tomcat = new Tomcat();
    tomcat.setBaseDir(Files.createTempDirectory("tomcat").toString());
    Connector connector = new Connector();
    connector.setPort(0);
    connector.setProperty("address", "127.0.0.1");
    tomcat.setConnector(connector);
    Context context = tomcat.addContext("", null);
    Tomcat.addServlet(context, "app", new HttpServlet() {
      @Override
      protected void service(HttpServletRequest request, HttpServletResponse response)
          throws IOException {
        response.getWriter().write("answer");
      }
    }).setAsyncSupported(true);
    context.addServletMappingDecoded("/*", "app");
    addFilter(context, "observation", new ServerHttpObservationFilter(registry));
    addFilter(context, "collapse", new CollapseServletFilter(HttpCollapseOptions.builder()
        .name("server").group(CollapseGroup.ofUris("/user/*")).observationRegistry(registry)
        .build()));
    tomcat.start();
    port = connector.getLocalPort();
  }

  @AfterEach
  void stop() throws Exception {
    tomcat.stop();
    tomcat.destroy();
  }

  @Test
  void aRequestThatMadeTheCallSaysItLedOnTheServersObservation() throws Exception {
    send("GET", "/user/1");

    assertThat(serverKeys("collapse.outcome")).containsExactly("led");
    TestObservationRegistryAssert.assertThat(registry)
        .hasObservationWithNameEqualTo(DefaultCollapseObservationConvention.NAME).that()
        .hasLowCardinalityKeyValue("executor", "server")
        .hasHighCardinalityKeyValue("collapse.batch.size", "1")
        .hasParentObservationContextMatching(parent -> parent.getName()
            .equals("http.server.requests"));
  }

  @Test
  void aRequestThatMayNotCollapseSaysWhy() throws Exception {
    send("POST", "/user/1");

    assertThat(serverKeys("collapse.outcome")).containsExactly("not-collapsed");
    assertThat(serverKeys("collapse.reason")).containsExactly("not-collapsible");
  }

  private void send(String method, String path) throws Exception {
    HttpResponse<String> response = http.send(HttpRequest.newBuilder(
            URI.create("http://127.0.0.1:" + port + path))
        .method(method, HttpRequest.BodyPublishers.noBody()).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(response.body()).isEqualTo("answer");
  }

  private List<String> serverKeys(String key) {
    List<Observation.Context> requests = new ArrayList<>();
    TestObservationRegistryAssert.assertThat(registry).hasHandledContextsThatSatisfy(contexts ->
        contexts.stream().filter(context -> "http.server.requests".equals(context.getName()))
            .forEach(requests::add));
    return requests.stream().map(context -> context.getHighCardinalityKeyValue(key))
        .filter(value -> value != null).map(KeyValue::getValue).toList();
  }

  private static void addFilter(Context context, String name, Filter filter) {
    FilterDef def = new FilterDef();
    def.setFilterName(name);
    def.setFilter(filter);
    def.setAsyncSupported("true");
    context.addFilterDef(def);
    FilterMap map = new FilterMap();
    map.setFilterName(name);
    map.addURLPattern("/*");
    map.setDispatcher("REQUEST");
    map.setDispatcher("ASYNC");
    context.addFilterMap(map);
  }
}
