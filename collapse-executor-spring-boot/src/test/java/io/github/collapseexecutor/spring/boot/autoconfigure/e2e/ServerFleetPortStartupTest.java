package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.spring.boot.autoconfigure.servlet.CollapseServletFilterAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.webflux.CollapseWebFluxAutoConfiguration;
import io.github.collapseexecutor.testing.LoggedRecords;
import io.github.collapseexecutor.testing.http.LocalOnlyFleet;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A server filter with {@code fleet: true} shares requests only between instances that received
 * them on the same port and Host: an application on embedded Tomcat or Reactor Netty, on a port
 * of its own on loopback, says so once at startup, naming the port it listens on; without
 * {@code fleet} it says nothing of it. The fleet tier is one that keeps every call local: what is
 * tested is the line, not the tier.
 */
@Timeout(60)
final class ServerFleetPortStartupTest {

  private static final String P = "collapse.executor.";

  @Test
  void aServletApplicationWithFleetNamesThePortItListensOn() {
    assertTheStartupNamesThePort(
        WebApplicationType.SERVLET, "servlet", CollapseServletFilterAutoConfiguration.class);
  }

  @Test
  void aWebFluxApplicationWithFleetNamesThePortItListensOn() {
    assertTheStartupNamesThePort(
        WebApplicationType.REACTIVE, "webflux", CollapseWebFluxAutoConfiguration.class);
  }

  @Test
  void withoutFleetNothingIsSaidOfThePort() {
    try (LoggedRecords logged = LoggedRecords.of(CollapseServletFilterAutoConfiguration.class);
        ConfigurableApplicationContext app =
            start(
                WebApplicationType.SERVLET,
                "--" + P + "servlet.collapse-groups[0].uris=/quotes/*")) {
      assertThat(app.getEnvironment().getProperty("local.server.port")).isNotNull();
      assertThat(logged.records())
          .extracting(LogRecord::getMessage)
          .noneMatch(message -> message.contains("listens on port"));
    }
  }

  private static void assertTheStartupNamesThePort(
      WebApplicationType type, String section, Class<?> configuration) {
    try (LoggedRecords logged = LoggedRecords.of(configuration);
        ConfigurableApplicationContext app =
            start(
                type,
                "--" + P + section + ".collapse-groups[0].uris=/quotes/*",
                "--" + P + section + ".fleet=true")) {
      String port = app.getEnvironment().getRequiredProperty("local.server.port");
      List<LogRecord> said =
          logged.records().stream()
              .filter(record -> record.getMessage().contains("listens on port"))
              .toList();
      assertThat(said)
          .singleElement()
          .satisfies(
              record -> {
                assertThat(record.getLevel()).isEqualTo(Level.INFO);
                assertThat(record.getMessage())
                    .isEqualTo(
                        P
                            + section
                            + ".fleet is true: a request"
                            + " collapses across the instances only with instances that received it on the same"
                            + " port and with the same Host header, both part of its key. This instance listens"
                            + " on port "
                            + port
                            + "; run every instance of the application on that port, behind"
                            + " one host name, for their requests to share.");
              });
    }
  }

  private static ConfigurableApplicationContext start(
      WebApplicationType type, String... arguments) {
    String[] all = new String[arguments.length + 3];
    all[0] = "--spring.main.banner-mode=off";
    all[1] = "--server.address=127.0.0.1";
    all[2] = "--server.port=0";
    System.arraycopy(arguments, 0, all, 3, arguments.length);
    return new SpringApplicationBuilder(App.class).web(type).run(all);
  }

  @Configuration(proxyBeanMethods = false)
  @EnableAutoConfiguration
  static class App {

    @Bean
    Fleet localOnlyFleet() {
      return new LocalOnlyFleet();
    }
  }
}
