package io.github.collapseexecutor.spring.boot.autoconfigure;

import static io.github.collapseexecutor.testing.http.PerUserBackend.PATH;
import static io.github.collapseexecutor.testing.http.PerUserBackend.assertEachCallerGetsItsOwn;
import static io.github.collapseexecutor.testing.http.PerUserBackend.basic;
import static io.github.collapseexecutor.testing.http.PerUserBackend.secret;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.testing.LoggedRecords;
import io.github.collapseexecutor.testing.http.PerUserBackend;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.web.client.RestClient;

/**
 * Configuration cannot weaken the built-in sensitive headers by accident: a
 * {@code sensitive-headers} list of one's own adds to them, so {@code Authorization} and
 * {@code Cookie} stay in the key, and the one setting that takes a built-in header out,
 * {@code non-sensitive-headers}, says so at startup. Four users call at once, several times each,
 * through the auto-configured interceptor, against a backend on loopback that answers per user
 * without {@code Vary}.
 */
@Timeout(60)
final class SensitiveHeadersConfigurationTest {

  private static final int USERS = 4;
  private static final int CALLS_PER_USER = 5;

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class))
          .withPropertyValues("collapse.executor.rest-template.collapse-groups[0].uris=" + PATH);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "collapse.executor.sensitive-headers",
        "collapse.executor.rest-template.sensitive-headers"
      })
  void anOwnSensitiveHeadersListKeepsAuthorizationAndCookieInTheKey(String property) {
    PerUserBackend backend = new PerUserBackend();
    String baseUrl = backend.start();
    try {
      runner
          .withPropertyValues(property + "=x-tenant-key")
          .run(
              context -> {
                RestClient client =
                    RestClient.builder()
                        .baseUrl(baseUrl)
                        .requestInterceptor(context.getBean(CollapseHttpRequestInterceptor.class))
                        .build();

                assertEachCallerGetsItsOwn(
                    USERS,
                    CALLS_PER_USER,
                    PerUserBackend::basic,
                    user ->
                        client
                            .get()
                            .uri(PATH)
                            .header("Authorization", basic(user))
                            .header("X-Tenant-Key", "same")
                            .retrieve()
                            .body(String.class));
                assertEachCallerGetsItsOwn(
                    USERS,
                    CALLS_PER_USER,
                    user ->
                        client
                            .get()
                            .uri(PATH)
                            .header("Cookie", "s=" + secret(user))
                            .header("X-Tenant-Key", "same")
                            .retrieve()
                            .body(String.class));
                assertThat(backend.calls())
                    .as("callers of the same user still share")
                    .isLessThan(2 * USERS * CALLS_PER_USER);
              });
    } finally {
      backend.stop();
    }
  }

  @Test
  void takingOutBuiltInSensitiveHeadersLogsOneWarningThatNamesThem() {
    try (LoggedRecords logged = LoggedRecords.of(CollapseSettings.class)) {
      runner
          .withPropertyValues(
              "collapse.executor.non-sensitive-headers=Cookie,X-Trace-Token,X-Request-Id")
          .run(context -> assertThat(context).hasNotFailed());

      assertThat(logged.records())
          .singleElement()
          .satisfies(
              record -> {
                assertThat(record.getLevel()).isEqualTo(Level.WARNING);
                assertThat(record.getMessage())
                    .contains(
                        "non-sensitive-headers",
                        "[cookie, x-trace-token]",
                        "different values of them will share responses")
                    .doesNotContain("x-request-id");
              });
    }
  }

  @Test
  void takingOutOnlyHeadersThatAreNotBuiltInLogsNothing() {
    try (LoggedRecords logged = LoggedRecords.of(CollapseSettings.class)) {
      runner
          .withPropertyValues(
              "collapse.executor.sensitive-headers=X-Tenant-Key",
              "collapse.executor.non-sensitive-headers=X-Request-Id")
          .run(context -> assertThat(context).hasNotFailed());

      assertThat(logged.records()).isEmpty();
    }
  }
}
