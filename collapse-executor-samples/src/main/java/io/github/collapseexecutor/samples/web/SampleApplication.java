package io.github.collapseexecutor.samples.web;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * A Spring Boot application that collapses with the library's auto-configuration, driven by the
 * {@code collapse.executor} YAML in {@code application-sample.yml}: a user API, four clients that
 * call it over loopback with and without collapse, the servlet filter in front of stress-test
 * endpoints, and a report at start-up of what collapse saved.
 *
 * <p>Run it: {@code ./mvnw -q -pl collapse-executor-samples -am -DskipTests package exec:java
 * -Ddemo.main=io.github.collapseexecutor.samples.web.SampleApplication}; arguments such as
 * {@code --server.port=9090} or {@code --sample.startup-report.enabled=false} go in
 * {@code -Dexec.args}.
 */
@SpringBootApplication
public class SampleApplication {

  /** The profile that holds the application's configuration, {@code application-sample.yml}. */
  public static final String PROFILE = "sample";

  /** Returns a builder of the application with its profile, for {@code main} and the demo. */
  public static SpringApplicationBuilder builder() {
    return new SpringApplicationBuilder(SampleApplication.class).profiles(PROFILE);
  }

  public static void main(String[] args) {
    builder().run(args);
  }
}
