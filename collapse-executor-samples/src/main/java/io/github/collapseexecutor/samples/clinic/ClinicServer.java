package io.github.collapseexecutor.samples.clinic;

import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.servlet.CollapseServletFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.ResolvableType;

/**
 * A running clinic on a random port of loopback, with collapse as configured or with the library
 * switched off ({@code collapse.executor.enabled=false}), as the application was before it.
 */
public final class ClinicServer implements AutoCloseable {

  private final ConfigurableApplicationContext context;
  private final boolean collapsing;
  private final ClinicClient client;

  private ClinicServer(ConfigurableApplicationContext context, boolean collapsing) {
    this.context = context;
    this.collapsing = collapsing;
    int port = ((WebServerApplicationContext) context).getWebServer().getPort();
    this.client = new ClinicClient("http://127.0.0.1:" + port);
  }

  /** Starts a clinic, with collapse or without, with {@code args} as command-line arguments. */
  public static ClinicServer start(boolean collapsing, String... args) {
    return start(collapsing, List.of(), args);
  }

  /**
   * Starts a clinic with {@code sources} added to its configuration, with collapse or without,
   * with {@code args} as command-line arguments.
   */
  public static ClinicServer start(boolean collapsing, List<Class<?>> sources, String... args) {
    SpringApplicationBuilder builder =
        ClinicApplication.builder()
            .properties(Map.of("server.port", "0", "server.address", "127.0.0.1"));
    sources.forEach(builder::sources);
    List<String> arguments = new ArrayList<>(List.of(args));
    if (!collapsing) {
      // an argument, so that it wins over the profile's YAML
      arguments.add("--collapse.executor.enabled=false");
    }
    return new ClinicServer(builder.run(arguments.toArray(String[]::new)), collapsing);
  }

  /** Returns whether this clinic collapses. */
  public boolean collapsing() {
    return collapsing;
  }

  /** Returns a client of this clinic. */
  public ClinicClient client() {
    return client;
  }

  /** Returns the SQL statements this clinic has executed so far. */
  public long statements() {
    return context.getBean(StatementCounter.class).statements();
  }

  /** Returns the counters of the servlet filter, if this clinic collapses. */
  public Optional<HttpCollapseStats> filterStats() {
    ResolvableType registration =
        ResolvableType.forClassWithGenerics(
            FilterRegistrationBean.class, CollapseServletFilter.class);
    return context
        .<FilterRegistrationBean<CollapseServletFilter>>getBeanProvider(registration)
        .stream()
        .findFirst()
        .map(bean -> bean.getFilter().stats());
  }

  /** Returns the bean of {@code type}. */
  public <T> T bean(Class<T> type) {
    return context.getBean(type);
  }

  /** Stops the clinic. */
  @Override
  public void close() {
    context.close();
  }
}
