package io.github.collapseexecutor.spring.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.WebFilterArrivals;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.http.ResponseCookie;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * Observe mode through the WebFlux filter: every request runs the handler, held until all of the
 * round have joined the filter, so all but the first would have joined its call.
 */
@Timeout(60)
final class CollapseWebFilterObserveTest {

  private static final int N = 20;

  private final AtomicInteger runs = new AtomicInteger();
  private final WebFilterArrivals arrivals = new WebFilterArrivals();
  private final CollapseWebFilter filter =
      new CollapseWebFilter(
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/items/*"))
              .group(CollapseGroup.ofUris("/cookie/*"))
              .observeOnly(true)
              .build());
  private LoopbackWebFlux server;

  @BeforeEach
  void start() {
    server =
        LoopbackWebFlux.start(
            RouterFunctions.route()
                .GET(
                    "/items/{id}",
                    request ->
                        arrivals
                            .run()
                            .then(ServerResponse.ok().bodyValue("run " + runs.incrementAndGet())))
                .GET(
                    "/cookie/{id}",
                    request ->
                        arrivals
                            .run()
                            .then(
                                ServerResponse.ok()
                                    .cookie(ResponseCookie.from("seen", "1").build())
                                    .bodyValue("run " + runs.incrementAndGet())))
                .build(),
            arrivals.filter(),
            filter);
  }

  @AfterEach
  void stop() {
    server.close();
    filter.close();
  }

  @Test
  void identicalRequestsEachRunTheHandlerAndAllButOneWouldJoin() throws Exception {
    arrivals.expect(N);
    List<HttpResponse<String>> responses = Concurrently.run(N, () -> server.get("/items/1"));

    assertThat(arrivals.runs()).isEqualTo(N);
    assertThat(responses.stream().map(HttpResponse::body).distinct()).hasSize(N);
    HttpCollapseStats items = filter.stats().groups().get(0);
    assertThat(items.passedThrough()).isEqualTo(N);
    assertThat(items.wouldJoin()).isEqualTo(N - 1);
    assertThat(items.wouldSave()).isEqualTo(N - 1);
  }

  @Test
  void aCookieTheHandlerAddsIsCountedAsSetCookieNotAsASaving() throws Exception {
    arrivals.expect(N);
    Concurrently.run(N, () -> server.get("/cookie/1"));

    HttpCollapseStats cookie = filter.stats().groups().get(1);
    assertThat(cookie.wouldJoin()).isEqualTo(N - 1);
    assertThat(cookie.wouldSave()).isZero();
    assertThat(cookie.unshared(UnsharedReason.SET_COOKIE)).isEqualTo(N);
  }
}
