package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.service.annotation.GetExchange;
import org.springframework.web.service.registry.ImportHttpServices;

final class HttpServiceGroupNamesTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class))
          .withUserConfiguration(Services.class);

  @Test
  void aNameThatMatchesNoHttpServiceGroupStopsTheApplication() {
    runner
        .withPropertyValues("collapse.executor.http-service-groups=users,user")
        .run(
            context ->
                assertThat(StartupFailures.messages(context))
                    .contains(
                        "collapse.executor.http-service-groups names [user], which is not an HTTP"
                            + " service group of this application; its groups are [orders, users]"));
  }

  @Test
  void namesOfDeclaredGroupsStart() {
    runner
        .withPropertyValues("collapse.executor.http-service-groups=users,orders")
        .run(context -> assertThat(context).hasNotFailed());
  }

  @Test
  void noNamesNeedNoGroups() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(CollapseExecutorAutoConfiguration.class))
        .run(context -> assertThat(context).hasNotFailed());
  }

  interface UserApi {
    @GetExchange("/users/{id}")
    String user(@PathVariable("id") String id);
  }

  interface OrderApi {
    @GetExchange("/orders/{id}")
    String order(@PathVariable("id") String id);
  }

  @Configuration(proxyBeanMethods = false)
  @ImportHttpServices(group = "users", types = UserApi.class)
  @ImportHttpServices(group = "orders", types = OrderApi.class)
  static class Services {}
}
