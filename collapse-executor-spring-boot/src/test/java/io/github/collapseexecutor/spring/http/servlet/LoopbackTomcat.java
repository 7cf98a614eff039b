package io.github.collapseexecutor.spring.http.servlet;

import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import java.nio.file.Files;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;

/**
 * An embedded Tomcat on a random loopback port: one async-supported servlet on {@code /*} behind
 * filters mapped for the {@code REQUEST} and {@code ASYNC} dispatcher types, as the collapse filter
 * is meant to be registered.
 */
final class LoopbackTomcat implements AutoCloseable {

  private final Tomcat tomcat;
  private final int port;

  private LoopbackTomcat(Tomcat tomcat, int port) {
    this.tomcat = tomcat;
    this.port = port;
  }

  /** Starts {@code servlet} behind {@code filters}, which run in the order given. */
  static LoopbackTomcat start(HttpServlet servlet, Filter... filters) throws Exception {
    Tomcat tomcat = new Tomcat();
    tomcat.setBaseDir(Files.createTempDirectory("tomcat").toString());
    Connector connector = new Connector();
    connector.setPort(0);
    connector.setProperty("address", "127.0.0.1");
    tomcat.setConnector(connector);
    Context context = tomcat.addContext("", null);
    Tomcat.addServlet(context, "app", servlet).setAsyncSupported(true);
    context.addServletMappingDecoded("/*", "app");
    for (int i = 0; i < filters.length; i++) {
      addFilter(context, "filter" + i, filters[i]);
    }
    tomcat.start();
    return new LoopbackTomcat(tomcat, connector.getLocalPort());
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

  /** Returns the port the connector listens on. */
  int port() {
    return port;
  }

  @Override
  public void close() throws LifecycleException {
    tomcat.stop();
    tomcat.destroy();
  }
}
