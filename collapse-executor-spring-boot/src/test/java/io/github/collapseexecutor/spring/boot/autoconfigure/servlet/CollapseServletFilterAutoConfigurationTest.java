package io.github.collapseexecutor.spring.boot.autoconfigure.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.servlet.CollapseServletFilter;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.StartupFailures;
import io.github.collapseexecutor.spring.boot.autoconfigure.fleet.CollapseFleetWiringAutoConfiguration;
import io.github.collapseexecutor.testing.LoggedRecords;
import io.github.collapseexecutor.testing.http.LocalOnlyFleet;
import jakarta.servlet.DispatcherType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

final class CollapseServletFilterAutoConfigurationTest {

  private static final AutoConfigurations CONFIGURATIONS =
      AutoConfigurations.of(
          CollapseExecutorAutoConfiguration.class,
          CollapseServletFilterAutoConfiguration.class,
          CollapseFleetWiringAutoConfiguration.class);

  private static final String GROUP = "collapse.executor.servlet.collapse-groups[0].uris=/api/**";

  private final WebApplicationContextRunner runner =
      new WebApplicationContextRunner().withConfiguration(CONFIGURATIONS).withPropertyValues(GROUP);

  private final WebApplicationContextRunner withoutGroups =
      new WebApplicationContextRunner().withConfiguration(CONFIGURATIONS);

  @Test
  void withoutGroupsRegistersNoFilterAndSaysSoOnceNamingTheProperty() {
    try (LoggedRecords logged = LoggedRecords.of(CollapseServletFilterAutoConfiguration.class)) {
      withoutGroups.run(
          context -> {
            assertThat(context)
                .hasNotFailed()
                .doesNotHaveBean("collapseServletFilterRegistration")
                .doesNotHaveBean(CollapseServletFilter.class);
            assertThat(context.getBean(CollapseExecutors.class).list()).isEmpty();
          });
      assertThat(logged.records())
          .singleElement()
          .satisfies(
              record -> {
                assertThat(record.getLevel()).isEqualTo(Level.INFO);
                assertThat(record.getMessage())
                    .contains("collapse.executor.servlet.collapse-groups")
                    .contains("not registered");
              });
    }
  }

  @Test
  void withGroupsOrAFilterOfItsOwnSaysNothing() {
    try (LoggedRecords logged = LoggedRecords.of(CollapseServletFilterAutoConfiguration.class)) {
      runner.run(context -> assertThat(context).hasBean("collapseServletFilterRegistration"));
      withoutGroups
          .withUserConfiguration(UserRegistration.class)
          .run(context -> assertThat(context).hasBean("myCollapseRegistration"));
      assertThat(logged.records()).isEmpty();
    }
  }

  @Test
  void aGroupOfUriRegexesAloneTurnsTheFilterOn() {
    withoutGroups
        .withPropertyValues("collapse.executor.servlet.collapse-groups[0].uri-regexes=/api/.*")
        .run(context -> assertThat(context).hasBean("collapseServletFilterRegistration"));
  }

  @Test
  void registersAsyncFilterForRequestAndAsyncDispatchLast() {
    runner.run(
        context -> {
          FilterRegistrationBean<?> registration =
              registration(context.getBean("collapseServletFilterRegistration"));
          assertThat(registration.getFilter()).isInstanceOf(CollapseServletFilter.class);
          assertThat(registration.getFilterName()).isEqualTo("collapseServletFilter");
          assertThat(registration.isAsyncSupported()).isTrue();
          assertThat(registration.determineDispatcherTypes())
              .containsExactlyInAnyOrder(DispatcherType.REQUEST, DispatcherType.ASYNC);
          assertThat(registration.getUrlPatterns()).containsExactly("/*");
          assertThat(registration.getOrder()).isEqualTo(Ordered.LOWEST_PRECEDENCE);
          assertThat(context.getBean(CollapseExecutors.class).list())
              .singleElement()
              .satisfies(
                  executor -> {
                    assertThat(executor.options().waitTimeout()).isEqualTo(Duration.ofSeconds(30));
                    assertThat(executor.settings())
                        .containsEntry("order", Ordered.LOWEST_PRECEDENCE);
                  });
        });
  }

  @Test
  void honoursOrderUrlPatternsAndWaitTimeout() {
    runner
        .withPropertyValues(
            "collapse.executor.servlet.order=-50",
            "collapse.executor.servlet.url-patterns=/api/*,/user/*",
            "collapse.executor.servlet.wait-timeout=2s")
        .run(
            context -> {
              FilterRegistrationBean<?> registration =
                  registration(context.getBean("collapseServletFilterRegistration"));
              assertThat(registration.getOrder()).isEqualTo(-50);
              assertThat(registration.getUrlPatterns()).containsExactly("/api/*", "/user/*");
              assertThat(context.getBean(CollapseExecutors.class).list())
                  .singleElement()
                  .satisfies(
                      executor ->
                          assertThat(executor.options().waitTimeout())
                              .isEqualTo(Duration.ofSeconds(2)));
            });
  }

  @Test
  void fleetTrueHandsTheFleetTierToTheFilter() {
    Fleet tier = new LocalOnlyFleet();
    runner
        .withBean(Fleet.class, () -> tier)
        .withPropertyValues("collapse.executor.servlet.fleet=true")
        .run(
            context ->
                assertThat(context.getBean(CollapseExecutors.class).list())
                    .singleElement()
                    .satisfies(executor -> assertThat(executor.options().fleet()).isSameAs(tier)));
  }

  @Test
  void theFleetTierIsLeftOutUnlessTheSectionAsksForIt() {
    runner
        .withBean(Fleet.class, LocalOnlyFleet::new)
        .run(
            context ->
                assertThat(context.getBean(CollapseExecutors.class).list())
                    .singleElement()
                    .satisfies(executor -> assertThat(executor.options().fleet()).isNull()));
  }

  @Test
  void fleetTrueWithoutAFleetTierStopsStartupNamingWhatIsMissing() {
    runner
        .withPropertyValues("collapse.executor.servlet.fleet=true")
        .run(
            context ->
                assertThat(StartupFailures.messages(context))
                    .contains(
                        "collapse.executor.servlet.fleet='true': asks for the fleet tier, and"
                            + " collapse.executor.fleet.secret is not set"));
  }

  @Test
  void backsOffWhenUserDefinesFilter() {
    CollapseServletFilter mine = new CollapseServletFilter(HttpCollapseOptions.builder().build());
    runner
        .withBean(CollapseServletFilter.class, () -> mine)
        .run(
            context ->
                assertThat(context)
                    .hasSingleBean(CollapseServletFilter.class)
                    .doesNotHaveBean("collapseServletFilterRegistration"));
  }

  @Test
  void backsOffWhenUserDefinesFilterRegistration() {
    runner
        .withUserConfiguration(UserRegistration.class)
        .run(
            context ->
                assertThat(context)
                    .hasBean("myCollapseRegistration")
                    .doesNotHaveBean("collapseServletFilterRegistration"));
  }

  @Test
  void noFilterWhenServletDisabled() {
    runner
        .withPropertyValues("collapse.executor.servlet.enabled=false")
        .run(
            context ->
                assertThat(context)
                    .doesNotHaveBean("collapseServletFilterRegistration")
                    .doesNotHaveBean(CollapseServletFilter.class));
  }

  @Test
  void noFilterWhenMasterSwitchOff() {
    runner
        .withPropertyValues("collapse.executor.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean("collapseServletFilterRegistration"));
  }

  @Test
  void noFilterWithoutTheServletArtifact() {
    runner
        .withClassLoader(new FilteredClassLoader(CollapseServletFilter.class))
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .doesNotHaveBean("collapseServletFilterRegistration"));
  }

  @Test
  void noFilterWithoutServletApi() {
    runner
        .withClassLoader(new FilteredClassLoader(jakarta.servlet.Filter.class))
        .run(context -> assertThat(context).doesNotHaveBean("collapseServletFilterRegistration"));
  }

  @Test
  void noFilterOutsideAWebApplication() {
    new ApplicationContextRunner()
        .withConfiguration(CONFIGURATIONS)
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .doesNotHaveBean("collapseServletFilterRegistration"));
  }

  @Test
  void noFilterInAReactiveWebApplication() {
    new ReactiveWebApplicationContextRunner()
        .withConfiguration(CONFIGURATIONS)
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .doesNotHaveBean("collapseServletFilterRegistration"));
  }

  @Test
  void closesFilterWithTheContext() throws Exception {
    List<FilterRegistrationBean<?>> seen = new ArrayList<>();
    runner.run(
        context -> seen.add(registration(context.getBean("collapseServletFilterRegistration"))));
    CollapseServletFilter filter = (CollapseServletFilter) seen.get(0).getFilter();
    filter.doFilter(
        new MockHttpServletRequest("GET", "/api/1"),
        new MockHttpServletResponse(),
        (req, res) -> {});
    assertThat(filter.stats().passedThrough()).isEqualTo(1);
  }

  private static FilterRegistrationBean<?> registration(Object bean) {
    return (FilterRegistrationBean<?>) bean;
  }

  @Configuration(proxyBeanMethods = false)
  static class UserRegistration {

    @Bean
    FilterRegistrationBean<CollapseServletFilter> myCollapseRegistration() {
      return new FilterRegistrationBean<>(
          new CollapseServletFilter(HttpCollapseOptions.builder().build()));
    }
  }
}
