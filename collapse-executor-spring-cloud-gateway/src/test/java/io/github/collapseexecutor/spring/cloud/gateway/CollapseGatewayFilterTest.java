package io.github.collapseexecutor.spring.cloud.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorDescriptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.testing.http.GatedBackend;
import io.github.collapseexecutor.testing.http.LeavingClient;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A real gateway, its routes in YAML, in front of a real upstream on loopback that holds each call
 * until the test lets it go: identical requests on a route with the Collapse filter make one
 * upstream call, and get its body; a route without it, and a path outside the named group, are
 * untouched; a leading request whose client goes away leaves the others their answer.
 */
@Timeout(60)
final class CollapseGatewayFilterTest {

  /** Makes each test's paths its own, so that a repeated test counts only its own calls. */
  private static final AtomicInteger runs = new AtomicInteger();

  private static RunningGateway gateway;
  private static GatedBackend upstream;
  private final int run = runs.incrementAndGet();

  @BeforeAll
  static void start() {
    gateway = new RunningGateway("management.endpoints.web.exposure.include=collapse");
    upstream = gateway.upstream;
  }

  @AfterAll
  static void stop() {
    if (gateway != null) {
      gateway.close();
    }
  }

  @Test
  void fiftyIdenticalRequestsMakeAtMostFiveUpstreamCallsAndGetItsBody() throws Exception {
    List<HttpResponse<String>> answers = gateway.sendHeld("/prices/eur-" + run, 50);

    assertThat(upstream.calls("/prices/eur-" + run)).isBetween(1, 5);
    assertThat(answers)
        .allSatisfy(
            answer -> {
              assertThat(answer.statusCode()).isEqualTo(200);
              assertThat(answer.body()).matches("call [1-5]");
              assertThat(answer.headers().firstValue("Content-Type")).hasValue("text/plain");
            });
    assertThat(answers.stream().filter(answer -> answer.body().equals("call 1")).count())
        .isGreaterThanOrEqualTo(45);
  }

  @Test
  void aRouteWithoutTheFilterIsUntouched() throws Exception {
    List<HttpResponse<String>> answers = gateway.sendHeld("/plain/eur-" + run, 10);

    assertThat(upstream.calls("/plain/eur-" + run)).isEqualTo(10);
    assertThat(answers).extracting(HttpResponse::body).doesNotHaveDuplicates();
  }

  @Test
  void onlyThePathsOfTheNamedGroupCollapse() throws Exception {
    List<HttpResponse<String>> inGroup = gateway.sendHeld("/quotes/eur-" + run, 10);
    List<HttpResponse<String>> outside = gateway.sendHeld("/quotes/eur/history-" + run, 10);

    assertThat(upstream.calls("/quotes/eur-" + run)).isBetween(1, 2);
    assertThat(inGroup).extracting(HttpResponse::statusCode).containsOnly(200);
    assertThat(upstream.calls("/quotes/eur/history-" + run)).isEqualTo(10);
    assertThat(outside).extracting(HttpResponse::body).doesNotHaveDuplicates();
  }

  @Test
  void aLeaderWhoseClientGoesAwayLeavesTheOthersTheirAnswer() throws Exception {
    String path = "/prices/gone-" + run;
    GatewayApplication.cancels = new CountDownLatch(1);
    List<CompletableFuture<HttpResponse<String>>> others = new ArrayList<>();
    LeavingClient leader = LeavingClient.get(gateway.port, path);
    try {
      upstream.awaitCall(path, 1);
      GatewayApplication.arrivals = new CountDownLatch(20);
      for (int i = 0; i < 20; i++) {
        others.add(gateway.sendAsync(path));
      }
      assertThat(GatewayApplication.arrivals.await(20, TimeUnit.SECONDS)).isTrue();
    } finally {
      leader.close();
    }
    assertThat(GatewayApplication.cancels.await(20, TimeUnit.SECONDS)).isTrue();
    upstream.releaseFrom(path, 1);

    for (CompletableFuture<HttpResponse<String>> other : others) {
      HttpResponse<String> answer = other.get(20, TimeUnit.SECONDS);
      assertThat(answer.statusCode()).isEqualTo(200);
      assertThat(answer.body()).isEqualTo("call 1");
    }
    assertThat(upstream.calls(path)).isEqualTo(1);
  }

  @Test
  void eachRouteWithTheFilterHasAnExecutorInTheEndpoint() throws Exception {
    gateway.sendHeld("/prices/usd", 1);
    gateway.sendHeld("/quotes/usd", 1);

    assertThat(gateway.context.getBean(CollapseExecutors.class).list())
        .extracting(CollapseExecutorDescriptor::name)
        .contains("gateway.prices", "gateway.quotes")
        .doesNotContain("gateway.plain");
    HttpResponse<String> endpoint = gateway.send("/actuator/collapse");
    assertThat(endpoint.statusCode()).isEqualTo(200);
    assertThat(endpoint.body()).contains("gateway.prices", "gateway.quotes");
    HttpResponse<String> route = gateway.send("/actuator/collapse/gateway.prices");
    assertThat(route.statusCode()).as(route.body()).isEqualTo(200);
    assertThat(route.body()).contains("\"name\":\"gateway.prices\"", "\"integration\":\"gateway\"");
    assertThat(gateway.send("/actuator/collapse/gateway.plain").statusCode()).isEqualTo(404);
  }
}
