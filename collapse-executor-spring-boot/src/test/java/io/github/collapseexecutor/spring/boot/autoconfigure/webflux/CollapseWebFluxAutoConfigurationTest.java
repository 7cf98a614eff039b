package io.github.collapseexecutor.spring.boot.autoconfigure.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorDescriptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.StartupFailures;
import io.github.collapseexecutor.spring.boot.autoconfigure.fleet.CollapseFleetWiringAutoConfiguration;
import io.github.collapseexecutor.spring.webflux.CollapseWebFilter;
import io.github.collapseexecutor.testing.LoggedRecords;
import io.github.collapseexecutor.testing.http.LocalOnlyFleet;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

final class CollapseWebFluxAutoConfigurationTest {

  private static final AutoConfigurations CONFIGURATIONS =
      AutoConfigurations.of(
          CollapseExecutorAutoConfiguration.class,
          CollapseWebFluxAutoConfiguration.class,
          CollapseFleetWiringAutoConfiguration.class);

  private static final String GROUP = "collapse.executor.webflux.collapse-groups[0].uris=/api/**";

  private final ReactiveWebApplicationContextRunner withoutGroups =
      new ReactiveWebApplicationContextRunner().withConfiguration(CONFIGURATIONS);

  private final ReactiveWebApplicationContextRunner runner =
      withoutGroups.withPropertyValues(GROUP);

  @Test
  void withoutGroupsRegistersNoFilterAndSaysSoOnceNamingTheProperty() {
    try (LoggedRecords logged = LoggedRecords.of(CollapseWebFluxAutoConfiguration.class)) {
      withoutGroups.run(
          context -> {
            assertThat(context).hasNotFailed().doesNotHaveBean(CollapseWebFilter.class);
            assertThat(context.getBean(CollapseExecutors.class).list()).isEmpty();
          });
      assertThat(logged.records())
          .singleElement()
          .satisfies(
              record -> {
                assertThat(record.getLevel()).isEqualTo(Level.INFO);
                assertThat(record.getMessage())
                    .contains("collapse.executor.webflux.collapse-groups")
                    .contains("not registered");
              });
    }
  }

  @Test
  void withGroupsRegistersTheFilterLastAndWithTheEndpointAndMetrics() {
    runner.run(
        context -> {
          assertThat(context).hasSingleBean(CollapseWebFilter.class);
          assertThat(context.getBean(CollapseWebFilter.class).getOrder())
              .isEqualTo(Ordered.LOWEST_PRECEDENCE);
          assertThat(context.getBean(CollapseExecutors.class).list())
              .extracting(CollapseExecutorDescriptor::integration)
              .containsExactly("webflux");
        });
  }

  @Test
  void theOrderPropertyPlacesTheFilter() {
    runner
        .withPropertyValues("collapse.executor.webflux.order=5")
        .run(
            context ->
                assertThat(context.getBean(CollapseWebFilter.class).getOrder()).isEqualTo(5));
  }

  @Test
  void fleetTrueHandsTheFleetTierToTheFilter() {
    Fleet tier = new LocalOnlyFleet();
    runner
        .withBean(Fleet.class, () -> tier)
        .withPropertyValues("collapse.executor.webflux.fleet=true")
        .run(
            context ->
                assertThat(context.getBean(CollapseExecutors.class).list())
                    .singleElement()
                    .satisfies(executor -> assertThat(executor.options().fleet()).isSameAs(tier)));
  }

  @Test
  void fleetTrueWithoutAFleetTierStopsStartupNamingWhatIsMissing() {
    runner
        .withPropertyValues("collapse.executor.webflux.fleet=true")
        .run(
            context ->
                assertThat(StartupFailures.messages(context))
                    .contains(
                        "collapse.executor.webflux.fleet='true': asks for the fleet tier, and"
                            + " collapse.executor.fleet.secret is not set"));
  }

  @Test
  void backsOffWhenUserDefinesAFilter() {
    runner
        .withUserConfiguration(UserFilter.class)
        .run(
            context ->
                assertThat(context)
                    .hasSingleBean(CollapseWebFilter.class)
                    .hasBean("myCollapseFilter"));
  }

  @Test
  void noFilterWhenWebfluxDisabled() {
    runner
        .withPropertyValues("collapse.executor.webflux.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(CollapseWebFilter.class));
  }

  @Test
  void noFilterWhenCollapseDisabled() {
    runner
        .withPropertyValues("collapse.executor.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(CollapseWebFilter.class));
  }

  @Test
  void noFilterInAServletApplication() {
    new WebApplicationContextRunner()
        .withConfiguration(CONFIGURATIONS)
        .withPropertyValues(GROUP)
        .run(context -> assertThat(context).doesNotHaveBean(CollapseWebFilter.class));
  }

  @Test
  void noFilterWithoutTheWebfluxModule() {
    runner
        .withClassLoader(new FilteredClassLoader(CollapseWebFilter.class))
        .run(context -> assertThat(context).doesNotHaveBean("collapseWebFilter"));
  }

  @Configuration(proxyBeanMethods = false)
  static class UserFilter {

    @Bean
    CollapseWebFilter myCollapseFilter() {
      return new CollapseWebFilter(HttpCollapseOptions.builder().build());
    }
  }
}
