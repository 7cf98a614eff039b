package io.github.collapseexecutor.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.Arrivals;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import io.github.collapseexecutor.testing.http.VaryingBackend;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code Vary} without a chain run per request, through the servlet filter: 40 requests at once to
 * a handler that answers per value of one request header and says so with {@code Vary}. Requests
 * whose value differs from the first request's run the chain once per value, not once each; once
 * the path's {@code Vary} names are remembered, a second round runs it at most once per value.
 * Every request gets the representation of its own value. With an async-supported chain the
 * regrouped requests go on through an async dispatch; without, on their own threads.
 */
@Timeout(60)
final class CollapseServletFilterVaryTest {

  private static final int CALLERS = 40;

  private final AtomicInteger runs = new AtomicInteger();
  private final Arrivals arrivals = new Arrivals();
  private CollapseServletFilter filter;
  private LoopbackTomcat tomcat;

  @AfterEach
  void stop() throws Exception {
    filter.close();
    tomcat.stop();
  }

  @ParameterizedTest(name = "async-supported: {0}")
  @ValueSource(booleans = {true, false})
  void fourEditionsRunTheChainAtMostEightTimesThenFour(boolean asyncSupported) throws Exception {
    start(
        "X-Edition",
        asyncSupported,
        HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/varying/*")));

    assertRound("X-Edition", List.of("t0", "t1", "t2", "t3"), 8);
    assertRound("X-Edition", List.of("t0", "t1", "t2", "t3"), 4);
    assertThat(filter.stats().regrouped()).isPositive();
    assertThat(filter.stats().fellBack()).isZero();
  }

  @ParameterizedTest(name = "async-supported: {0}")
  @ValueSource(booleans = {true, false})
  void twoAcceptValuesRunTheChainAtMostFourTimesThenTwo(boolean asyncSupported) throws Exception {
    start(
        "Accept",
        asyncSupported,
        HttpCollapseOptions.builder()
            .group(CollapseGroup.ofUris("negotiated", List.of("/varying/*")))
            .policy("negotiated", CollapsePolicy.DEFAULT.withAcceptHeadersInKey(false)));

    assertRound("Accept", List.of("application/json", "application/xml"), 4);
    assertRound("Accept", List.of("application/json", "application/xml"), 2);
    assertThat(filter.stats().varyKeyed()).isGreaterThanOrEqualTo(CALLERS);
  }

  private void start(String header, boolean asyncSupported, HttpCollapseOptions.Builder options)
      throws Exception {
    // a request counts as arrived once the filter made it lead a chain run or wait for one, not
    // when it reaches the server: on a busy machine a request may reach the filter long after
    filter = new CollapseServletFilter(options.observations(arrivals.inCollapse()).build());
    tomcat =
        new LoopbackTomcat(new Varying(header), asyncSupported).filter("collapse", filter).start();
  }

  private void assertRound(String header, List<String> values, int maxRuns) throws Exception {
    int before = runs.get();
    AtomicInteger next = new AtomicInteger();
    arrivals.expect(CALLERS);
    List<List<String>> answers =
        Concurrently.run(
            CALLERS,
            () -> {
              String value = values.get(next.getAndIncrement() % values.size());
              return List.of(value, tomcat.get(VaryingBackend.PATH, header, value));
            });

    assertThat(answers)
        .allSatisfy(
            answer ->
                assertThat(answer.get(1))
                    .as("the body for %s: %s", header, answer.get(0))
                    .isEqualTo(answer.get(0)));
    int made = runs.get() - before;
    System.out.printf(
        "servlet filter, Vary: %s, %d values: %d chain runs for %d requests%n",
        header, values.size(), made, CALLERS);
    assertThat(made)
        .as("chain runs of the round, %s", filter.stats())
        .isBetween(values.size(), maxRuns);
  }

  /** Answers the value of one request header, once every request of the round is in the filter. */
  private final class Varying extends HttpServlet {

    private final String header;

    Varying(String header) {
      this.header = header;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      runs.incrementAndGet();
      arrivals.awaitThenAnswer();
      response.setHeader("Vary", header);
      response.setContentType("text/plain");
      response.getWriter().write(request.getHeader(header));
    }
  }
}
