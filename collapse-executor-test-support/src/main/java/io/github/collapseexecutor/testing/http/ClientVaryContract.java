package io.github.collapseexecutor.testing.http;

import static io.github.collapseexecutor.testing.http.VaryingBackend.PATH;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code Vary} without a backend call per caller, for every client adapter, against a real server
 * that answers per value of one request header and says so with {@code Vary}: 40 callers at once,
 * several values among them. Callers whose value differs from the first caller's share one call
 * per value, instead of one call each; once the key's {@code Vary} names are remembered, a second
 * round makes at most one call per value. Every caller gets the representation of its own value.
 * Each adapter's test class supplies the client.
 */
@Timeout(60)
public abstract class ClientVaryContract {

  private static final int CALLERS = 40;

  private VaryingBackend backend;
  private CollapsingClient client;

  /** Creates the adapter under test from {@code options}, and a client of {@code baseUrl}. */
  protected abstract CollapsingClient createClient(HttpCollapseOptions options, String baseUrl);

  @AfterEach
  void stopBackend() throws Exception {
    if (client != null) {
      client.close();
    }
    if (backend != null) {
      backend.stop();
    }
  }

  private HttpCollapseStats stats() {
    return client.stats();
  }

  @Test
  void twoAcceptValuesMakeAtMostFourCallsThenTwo() throws Exception {
    // Accept joins the key by default; a policy that leaves it out leaves it to Vary
    start("Accept", HttpCollapseOptions.builder()
        .group(CollapseGroup.ofUris("negotiated", List.of("/varying/*")))
        .policy("negotiated", CollapsePolicy.DEFAULT.withAcceptHeadersInKey(false)));

    assertRound("Accept", List.of("application/json", "application/xml"), 4);
    assertThat(stats().regrouped()).as("waiters that regrouped").isPositive();
    assertRound("Accept", List.of("application/json", "application/xml"), 2);
    assertThat(stats().varyKeyed()).as("second-round requests keyed on Accept")
        .isGreaterThanOrEqualTo(CALLERS);
  }

  @Test
  void fourTenantsMakeAtMostEightCallsThenFour() throws Exception {
    start("X-Tenant", HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/varying/*")));

    assertRound("X-Tenant", List.of("t0", "t1", "t2", "t3"), 8);
    assertRound("X-Tenant", List.of("t0", "t1", "t2", "t3"), 4);
    assertThat(stats().fellBack()).as("callers that called alone").isZero();
  }

  /**
   * A header map may hold a {@code null} value for a header the response varies on (Spring's
   * {@code HttpHeaders.add(name, null)}): the call answers as the client does without collapse,
   * never with a {@code NullPointerException}, and a {@code null} is a value of its own, never
   * answered with the representation of another value.
   */
  @Test
  void aNullValueOfAVaryHeaderNeitherFailsNorSharesWithOtherValues() throws Exception {
    start("X-Tenant", HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/varying/*")));
    assumeTrue(client.takesNullHeaderValues(), "the client takes no null header value");
    String alone = client.get(PATH, "X-Tenant", null);
    AtomicInteger next = new AtomicInteger();
    backend.arrivals().expect(4);

    List<String> bodies = Concurrently.run(4, () -> {
      String value = next.getAndIncrement() % 2 == 0 ? null : "t1";
      return String.valueOf(value) + "=" + client.get(PATH, "X-Tenant", value);
    });

    assertThat(alone).isNotEqualTo("t1");
    assertThat(bodies).containsExactlyInAnyOrder("null=" + alone, "null=" + alone, "t1=t1",
        "t1=t1");
  }

  private void start(String header, HttpCollapseOptions.Builder options) {
    backend = new VaryingBackend(header);
    // a caller has arrived once it leads a call or waits for one, not when it sets off: each
    // call is then held until every caller of the round is in one, and none can come late
    client = createClient(options.observations(backend.arrivals().inCollapse()).build(),
        backend.start());
  }

  /**
   * {@code CALLERS} callers at once, cycling through {@code values}: each gets its own value
   * back, and the round makes at most {@code maxCalls} backend calls.
   */
  private void assertRound(String header, List<String> values, int maxCalls) throws Exception {
    int before = backend.calls();
    AtomicInteger next = new AtomicInteger();
    backend.arrivals().expect(CALLERS);
    List<List<String>> answers = Concurrently.run(CALLERS, () -> {
      String value = values.get(next.getAndIncrement() % values.size());
      return List.of(value, client.get(PATH, header, value));
    });

    assertThat(answers).allSatisfy(answer -> assertThat(answer.get(1))
        .as("the body for %s: %s", header, answer.get(0)).isEqualTo(answer.get(0)));
    int made = backend.calls() - before;
    System.out.printf("%s, Vary: %s, %d values: %d backend calls for %d callers%n",
        getClass().getSimpleName(), header, values.size(), made, CALLERS);
    assertThat(made).as("backend calls of the round, %s", stats())
        .isBetween(values.size(), maxCalls);
  }
}
