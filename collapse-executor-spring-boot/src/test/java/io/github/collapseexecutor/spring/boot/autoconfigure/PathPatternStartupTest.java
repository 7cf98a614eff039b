package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Collapse group paths written as Spring routes start, and one that can never match does not. */
final class PathPatternStartupTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class));

  @Test
  void startsWithPatternsAsSpringUsersWriteThem() {
    runner
        .withPropertyValues(
            "collapse.executor.rest-template.collapse-groups[0].uris="
                + "/user/*,/test/noop*,/users/{id},/api/**,/files/{*path}")
        .run(context -> assertThat(context).hasSingleBean(CollapseHttpRequestInterceptor.class));
  }

  @Test
  void failsOnAPatternThatCanNeverMatchNamingItAndItsIndex() {
    runner
        .withPropertyValues("collapse.executor.rest-template.collapse-groups[0].uris=/ok/*,/a/**/b")
        .run(
            context ->
                assertThat(StartupFailures.messages(context))
                    .contains("uris[1]: uri pattern '/a/**/b' can never match"));
  }
}
