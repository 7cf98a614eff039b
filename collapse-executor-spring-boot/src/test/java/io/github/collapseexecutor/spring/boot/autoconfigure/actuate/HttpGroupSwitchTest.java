package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.SwitchDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.okhttp.CollapseOkHttpAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

/** The endpoint's write operation on HTTP collapse groups, selected by adapter or group name. */
final class HttpGroupSwitchTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class,
                  CollapseOkHttpAutoConfiguration.class,
                  CollapseEndpointAutoConfiguration.class))
          .withPropertyValues(
              "management.endpoints.web.exposure.include=collapse",
              "collapse.executor.rest-template.collapse-groups[0].name=users",
              "collapse.executor.rest-template.collapse-groups[0].uris=/users/*",
              "collapse.executor.rest-template.collapse-groups[1].uris=/orders/*",
              "collapse.executor.okhttp.collapse-groups[0].name=users",
              "collapse.executor.okhttp.collapse-groups[0].uris=/v2/users/*");

  @Test
  void aGroupNameSwitchesThatGroupInEveryAdapterThatHasIt() {
    runner.run(
        context -> {
          CollapseEndpoint endpoint = context.getBean(CollapseEndpoint.class);

          assertThat(endpoint.switchCollapsing("users", false, null))
              .containsExactlyInAnyOrder(
                  new SwitchDescription("rest-template", List.of("users"), false),
                  new SwitchDescription("okhttp", List.of("users"), false));

          assertThat(isOn(context, "rest-template", 0)).isFalse();
          assertThat(isOn(context, "rest-template", 1)).as("/orders/*").isTrue();
          assertThat(isOn(context, "okhttp", 0)).isFalse();
          assertThat(endpoint.collapse().collapsingOff()).hasSize(2);
          endpoint.switchCollapsing("users", true, null);
          assertThat(endpoint.collapse().collapsingOff()).isEmpty();
        });
  }

  @Test
  void anAdapterNameSwitchesAllItsGroupsOrTheOneNamed() {
    runner.run(
        context -> {
          CollapseEndpoint endpoint = context.getBean(CollapseEndpoint.class);

          assertThat(endpoint.switchCollapsing("rest-template", false, "/orders/*"))
              .containsExactly(new SwitchDescription("rest-template", List.of("/orders/*"), false));
          assertThat(isOn(context, "rest-template", 0)).isTrue();
          assertThat(isOn(context, "rest-template", 1)).isFalse();

          endpoint.switchCollapsing("rest-template", false, null);

          assertThat(endpoint.collapse().collapsingOff())
              .containsExactly(
                  new SwitchDescription("rest-template", List.of("users", "/orders/*"), false));
          assertThat(isOn(context, "okhttp", 0)).isTrue();
        });
  }

  @Test
  void anUnknownGroupOrNameIsRefusedNamingWhatExists() {
    runner.run(
        context -> {
          CollapseEndpoint endpoint = context.getBean(CollapseEndpoint.class);

          assertThatThrownBy(() -> endpoint.switchCollapsing("rest-template", false, "/nowhere"))
              .isInstanceOf(InvalidEndpointRequestException.class)
              .hasMessageContaining("/nowhere")
              .hasMessageContaining("users");
          assertThatThrownBy(() -> endpoint.switchCollapsing("nobody", false, null))
              .isInstanceOf(InvalidEndpointRequestException.class)
              .hasMessageContaining("nobody")
              .hasMessageContaining("okhttp");
          assertThat(endpoint.collapse().collapsingOff()).isEmpty();
        });
  }

  private static boolean isOn(ApplicationContext context, String adapter, int group) {
    HttpCollapseOptions options =
        context.getBean(CollapseExecutors.class).list().stream()
            .filter(executor -> executor.name().equals(adapter))
            .findFirst()
            .orElseThrow()
            .options();
    CollapseGroup collapseGroup = options.groups().get(group);
    return options.collapseSwitch().isOn(collapseGroup);
  }
}
