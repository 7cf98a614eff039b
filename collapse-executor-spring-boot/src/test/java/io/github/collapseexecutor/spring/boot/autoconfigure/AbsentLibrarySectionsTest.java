package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.LoggedRecords;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * A section configured for a client library the application does not have: it does nothing, so
 * startup says so at WARN, and fails when the section asks for itself with {@code enabled: true}.
 */
final class AbsentLibrarySectionsTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(CollapseExecutorAutoConfiguration.class));

  @Test
  void anOkHttpSectionWithoutOkHttpIsLoggedAtStartup() {
    try (LoggedRecords logged = LoggedRecords.of(AbsentLibraryCheck.class)) {
      runner
          .withClassLoader(new FilteredClassLoader(OkHttpClient.class))
          .withPropertyValues("collapse.executor.okhttp.collapse-groups[0].uris=/users/*")
          .run(context -> assertThat(context).hasNotFailed());

      assertThat(logged.records())
          .singleElement()
          .satisfies(
              record -> {
                assertThat(record.getLevel()).isEqualTo(Level.WARNING);
                assertThat(record.getMessage())
                    .contains(
                        "collapse.executor.okhttp is configured"
                            + " (collapse.executor.okhttp.collapse-groups[0].uris")
                    .contains("OkHttp is not on the class path (no okhttp3.OkHttpClient)");
              });
    }
  }

  @Test
  void aWebClientSectionEnabledExplicitlyWithoutWebFluxStopsTheApplication() {
    runner
        .withClassLoader(new FilteredClassLoader(WebClient.class))
        .withPropertyValues(
            "collapse.executor.web-client.enabled=true",
            "collapse.executor.web-client.collapse-groups[0].uris=/users/*")
        .run(
            context ->
                assertThat(StartupFailures.messages(context))
                    .contains(
                        "collapse.executor.web-client.enabled='true': asks for the web-client"
                            + " section, and Spring WebFlux is not on the class path"));
  }

  @Test
  void aSectionWhoseLibraryIsPresentSaysNothing() {
    try (LoggedRecords logged = LoggedRecords.of(AbsentLibraryCheck.class)) {
      runner
          .withPropertyValues("collapse.executor.okhttp.enabled=true")
          .run(context -> assertThat(context).hasNotFailed());

      assertThat(logged.records()).extracting(LogRecord::getMessage).isEmpty();
    }
  }
}
