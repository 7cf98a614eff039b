package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.annotation.CollapseBatch;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.MethodDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.NamedExecutorDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.RunCounts;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

final class NamedExecutorsEndpointTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseAnnotationAutoConfiguration.class,
                  CollapseEndpointAutoConfiguration.class))
          .withPropertyValues(
              "management.endpoints.web.exposure.include=collapse",
              "collapse.executor.executors.default.max-concurrent-batches=2",
              "collapse.executor.executors.users.max-batch-size=50",
              "collapse.executor.executors.users.adaptive-concurrency=false",
              "collapse.executor.executors.users.timeout=3s")
          .withBean(UserService.class);

  @Test
  void listsTheNamedExecutorsWithTheMethodsThatUseThem() {
    runner.run(
        context -> {
          List<NamedExecutorDescription> named =
              context.getBean(CollapseEndpoint.class).collapse().namedExecutors();

          assertThat(named)
              .extracting(NamedExecutorDescription::name)
              .containsExactly("default", "users");
          assertThat(named.get(0).methods())
              .containsExactly(
                  new MethodDescription(
                      "UserService.profile(Long)",
                      "UserService.profile",
                      "Collapsible",
                      "default",
                      null,
                      RunCounts.NONE,
                      null,
                      null));
          assertThat(named.get(1).options().maxBatchSize()).isEqualTo(50);
          assertThat(named.get(1).options().maxConcurrentBatches()).isEqualTo(2);
          assertThat(named.get(1).options().adaptiveConcurrency()).isFalse();
          assertThat(named.get(0).options().adaptiveConcurrency()).isTrue();
          assertThat(named.get(1).timeoutMillis()).isEqualTo(3000);
        });
  }

  @Test
  void selectsOneNamedExecutorByName() {
    runner.run(
        context -> {
          CollapseEndpoint endpoint = context.getBean(CollapseEndpoint.class);

          NamedExecutorDescription users = endpoint.executor("users");

          assertThat(users.name()).isEqualTo("users");
          assertThat(users.methods())
              .containsExactly(
                  new MethodDescription(
                      "UserService.user(Long)",
                      "UserService.user",
                      "CollapseBatch",
                      "users",
                      "UserService.users(List)",
                      RunCounts.NONE,
                      null,
                      null));
          assertThat(endpoint.executor("userz")).isNull();
        });
  }

  static class UserService {

    @Collapsible
    public String profile(Long id) {
      return "profile " + id;
    }

    @CollapseBatch(batchMethod = "users", executor = "users")
    public String user(Long id) {
      return "user " + id;
    }

    public List<String> users(List<Long> ids) {
      return ids.stream().map(id -> "user " + id).toList();
    }
  }
}
