package io.github.collapseexecutor.testing.http;

import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;

/**
 * An embedded Tomcat on a random loopback port with one servlet on {@code /*} behind filters, each
 * mapped to every path for the {@code REQUEST} and {@code ASYNC} dispatcher types, as the collapse
 * filter is meant to be registered; and an HTTP client to call it.
 */
public final class LoopbackTomcat implements AutoCloseable {

  private final Tomcat tomcat = new Tomcat();
  private final Context context;
  private final Connector connector = new Connector();
  private final boolean asyncSupported;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();

  /** Creates a server whose servlet and filters are async-supported as given; not started. */
  public LoopbackTomcat(HttpServlet servlet, boolean asyncSupported) throws IOException {
    this.asyncSupported = asyncSupported;
    tomcat.setBaseDir(Files.createTempDirectory("tomcat").toString());
    onLoopback(connector);
    tomcat.setConnector(connector);
    context = tomcat.addContext("", null);
    Tomcat.addServlet(context, "app", servlet).setAsyncSupported(asyncSupported);
    context.addServletMappingDecoded("/*", "app");
  }

  /** Starts an async-supported {@code servlet} behind {@code filters}, run in the order given. */
  public static LoopbackTomcat start(HttpServlet servlet, Filter... filters) throws Exception {
    LoopbackTomcat server = new LoopbackTomcat(servlet, /* asyncSupported= */ true);
    for (int i = 0; i < filters.length; i++) {
      server.filter("filter" + i, filters[i]);
    }
    return server.start();
  }

  /** Adds {@code filter} after the filters added before it. */
  public LoopbackTomcat filter(String name, Filter filter) {
    addFilter(context, name, filter, asyncSupported);
    return this;
  }

  private static void addFilter(
      Context context, String name, Filter filter, boolean asyncSupported) {
    FilterDef def = new FilterDef();
    def.setFilterName(name);
    def.setFilter(filter);
    def.setAsyncSupported(String.valueOf(asyncSupported));
    context.addFilterDef(def);
    FilterMap map = new FilterMap();
    map.setFilterName(name);
    map.addURLPattern("/*");
    map.setDispatcher("REQUEST");
    map.setDispatcher("ASYNC");
    context.addFilterMap(map);
  }

  /** Adds {@code valve} to the context's pipeline, before the filters; call before start. */
  public LoopbackTomcat valve(Valve valve) {
    context.getPipeline().addValve(valve);
    return this;
  }

  /**
   * Adds another connector on a random loopback port, before start: a second way into the same
   * application, as an internal port beside a public one. Its port is known once started.
   */
  public Connector addConnector() {
    Connector other = onLoopback(new Connector());
    tomcat.getService().addConnector(other);
    return other;
  }

  private static Connector onLoopback(Connector connector) {
    connector.setPort(0);
    connector.setProperty("address", "127.0.0.1");
    return connector;
  }

  /**
   * Listens on {@code address} and {@code port} instead of a random port of 127.0.0.1, before
   * start: another instance of an application on the port of the first, as behind a balancer
   * (any address of 127.0.0.0/8 is loopback on Linux).
   */
  public LoopbackTomcat listenOn(String address, int port) {
    connector.setPort(port);
    connector.setProperty("address", address);
    return this;
  }

  /** Starts the server. */
  public LoopbackTomcat start() throws LifecycleException {
    tomcat.start();
    return this;
  }

  /** Returns the port the connector listens on. */
  public int port() {
    return connector.getLocalPort();
  }

  /** Makes a GET to {@code path} with one header, at most 20 s; returns the body. */
  public String get(String path, String header, String value) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port() + path))
            .timeout(Duration.ofSeconds(20))
            .header(header, value)
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString()).body();
  }

  /** Stops the server. */
  public void stop() throws LifecycleException {
    tomcat.stop();
    tomcat.destroy();
  }

  @Override
  public void close() throws LifecycleException {
    stop();
  }
}
