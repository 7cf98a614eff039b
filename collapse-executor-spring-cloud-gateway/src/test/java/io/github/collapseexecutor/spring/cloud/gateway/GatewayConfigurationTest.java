package io.github.collapseexecutor.spring.cloud.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorDescriptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.testing.http.GatedBackend;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * What the routes' arguments and the section may name: a policy or a group the section defines,
 * by argument or in the shortcut form; anything else stops the application at startup, saying
 * which filter of which route names what, and what is defined.
 */
@Timeout(180)
final class GatewayConfigurationTest {

  private static final String ROUTE = "spring.cloud.gateway.server.webflux.routes[0].";
  private static final GatedBackend upstream = new GatedBackend();
  private static String uri;

  @BeforeAll
  static void start() {
    uri = upstream.start();
  }

  @AfterAll
  static void stop() {
    upstream.stop();
  }

  @Test
  void aRouteNamingAnUndefinedPolicyStopsTheApplication() {
    assertThatThrownBy(() -> start("filters[0]=Collapse=nope"))
        .hasStackTraceContaining(
            "spring.cloud.gateway.server.webflux.routes[0].filters[0]: The Collapse filter of"
                + " route 'bad' names the collapse policy 'nope', which"
                + " collapse.executor.gateway.collapse-policies does not define; it defines"
                + " [prices]");
  }

  @Test
  void aRouteNamingAnUndefinedGroupStopsTheApplication() {
    assertThatThrownBy(() -> start("filters[0].name=Collapse", "filters[0].args.group=nope"))
        .rootCause()
        .hasMessageContaining("names the collapse group 'nope'")
        .hasMessageContaining("[quotes]");
  }

  @Test
  void aRouteNamingBothAPolicyAndAGroupStopsTheApplication() {
    assertThatThrownBy(
            () ->
                start(
                    "filters[0].name=Collapse",
                    "filters[0].args.group=quotes",
                    "filters[0].args.policy=prices"))
        .rootCause()
        .hasMessageContaining("names both a policy and a group");
  }

  @ParameterizedTest
  @ValueSource(strings = {"collapse.executor.gateway.enabled", "collapse.executor.enabled"})
  void switchedOffTheRoutesThatNameTheFilterStartAndPassEveryRequest(String switchedOff)
      throws Exception {
    try (RunningGateway gateway = new RunningGateway(switchedOff + "=false")) {
      List<HttpResponse<String>> answers = gateway.sendHeld("/prices/off", 5);

      assertThat(answers).extracting(HttpResponse::statusCode).containsOnly(200);
      assertThat(gateway.upstream.calls("/prices/off")).isEqualTo(5);
      assertThat(gateway.context.getBeanProvider(CollapseExecutors.class).stream())
          .allSatisfy(
              executors ->
                  assertThat(executors.list())
                      .extracting(CollapseExecutorDescriptor::integration)
                      .doesNotContain("gateway"));
    }
  }

  @Test
  void anOrderAfterTheWriteFilterStopsTheApplication() {
    assertThatThrownBy(
            () -> GatewayApplication.start(uri, "collapse.executor.gateway.order=-1").close())
        .hasStackTraceContaining("collapse.executor.gateway.order")
        .hasStackTraceContaining("-2 at most");
  }

  @Test
  void theShortcutNamesAPolicyAndTheRouteCollapses() throws Exception {
    try (ConfigurableApplicationContext gateway = start("filters[0]=Collapse=prices")) {
      int port = ((WebServerApplicationContext) gateway).getWebServer().getPort();
      HttpResponse<String> answer =
          HttpClient.newBuilder()
              .version(HttpClient.Version.HTTP_1_1)
              .build()
              .send(
                  HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/bad/x"))
                      .timeout(Duration.ofSeconds(30))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(answer.body()).isEqualTo("call 1");
      assertThat(gateway.getBean(CollapseExecutors.class).list())
          .filteredOn(executor -> executor.name().equals("gateway.bad"))
          .singleElement()
          .satisfies(
              executor ->
                  assertThat(executor.options().groups().get(0).collapsePolicyName())
                      .isEqualTo("prices"))
          .extracting(CollapseExecutorDescriptor::stats)
          .satisfies(stats -> assertThat(stats.led()).isEqualTo(1));
    }
  }

  /** Starts a gateway whose one route, {@code bad}, has {@code filters}. */
  private static ConfigurableApplicationContext start(String... filters) {
    upstream.releaseFrom("/bad/x", 1);
    String[] properties = new String[filters.length + 3];
    properties[0] = ROUTE + "id=bad";
    properties[1] = ROUTE + "uri=" + uri;
    properties[2] = ROUTE + "predicates[0]=Path=/bad/**";
    for (int i = 0; i < filters.length; i++) {
      properties[i + 3] = ROUTE + filters[i];
    }
    return GatewayApplication.start(uri, properties);
  }
}
