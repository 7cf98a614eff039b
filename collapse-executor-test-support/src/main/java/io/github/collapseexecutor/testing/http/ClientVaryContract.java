package io.github.collapseexecutor.testing.http;

import static io.github.collapseexecutor.testing.http.VaryingBackend.PATH;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code Vary} without a backend call per caller, for every client adapter, against a real server
 * that answers per value of one request header and says so with {@code Vary}: 40 callers at once,
 * several values among them. Callers whose value differs from the first caller's share one call
 * per value, instead of one call each; once the key's {@code Vary} names are remembered, a second
 * round makes at most one call per value. Every caller gets the representation of its own value.
 */
public interface ClientVaryContract extends ClientContract {

  /** How many callers a round sets off at once. */
  int VARY_CALLERS = 40;

  @Test
  @Timeout(60)
  default void twoAcceptValuesMakeAtMostFourCallsThenTwo() throws Exception {
    // Accept joins the key by default; a policy that leaves it out leaves it to Vary
    VaryingBackend backend = new VaryingBackend("Accept");
    try (DrivenClient client =
        openVarying(
            backend,
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("negotiated", List.of("/varying/*")))
                .policy("negotiated", CollapsePolicy.DEFAULT.withAcceptHeadersInKey(false)))) {
      List<String> values = List.of("application/json", "application/xml");

      assertVaryRound(backend, client, "Accept", values, 4);
      assertThat(client.stats().regrouped()).as("waiters that regrouped").isPositive();
      assertVaryRound(backend, client, "Accept", values, 2);
      assertThat(client.stats().varyKeyed())
          .as("second-round requests keyed on Accept")
          .isGreaterThanOrEqualTo(VARY_CALLERS);
    } finally {
      backend.stop();
    }
  }

  @Test
  @Timeout(60)
  default void fourTenantsMakeAtMostEightCallsThenFour() throws Exception {
    VaryingBackend backend = new VaryingBackend("X-Tenant");
    try (DrivenClient client =
        openVarying(
            backend, HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/varying/*")))) {
      List<String> values = List.of("t0", "t1", "t2", "t3");

      assertVaryRound(backend, client, "X-Tenant", values, 8);
      assertVaryRound(backend, client, "X-Tenant", values, 4);
      assertThat(client.stats().fellBack()).as("callers that called alone").isZero();
    } finally {
      backend.stop();
    }
  }

  /**
   * A header map may hold a {@code null} value for a header the response varies on (Spring's
   * {@code HttpHeaders.add(name, null)}): the call answers as the client does without collapse,
   * never with a {@code NullPointerException}, and a {@code null} is a value of its own, never
   * answered with the representation of another value.
   */
  @Test
  @Timeout(60)
  default void aNullValueOfAVaryHeaderNeitherFailsNorSharesWithOtherValues() throws Exception {
    assumeTrue(fixture().takesNullHeaderValues(), "the client takes no null header value");
    VaryingBackend backend = new VaryingBackend("X-Tenant");
    try (DrivenClient client =
        openVarying(
            backend, HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/varying/*")))) {
      String alone = client.send(Call.get(PATH, "X-Tenant", null)).text();
      AtomicInteger next = new AtomicInteger();
      backend.arrivals().expect(4);

      List<String> bodies =
          Concurrently.run(
              4,
              () -> {
                String value = next.getAndIncrement() % 2 == 0 ? null : "t1";
                return value + "=" + client.send(Call.get(PATH, "X-Tenant", value)).text();
              });

      assertThat(alone).isNotEqualTo("t1");
      assertThat(bodies)
          .containsExactlyInAnyOrder("null=" + alone, "null=" + alone, "t1=t1", "t1=t1");
    } finally {
      backend.stop();
    }
  }

  private DrivenClient openVarying(VaryingBackend backend, HttpCollapseOptions.Builder options)
      throws Exception {
    // a caller has arrived once it leads a call or waits for one, not when it sets off: each
    // call is then held until every caller of the round is in one, and none can come late
    return open(backend.start(), options.observations(backend.arrivals().inCollapse()).build());
  }

  /**
   * {@link #VARY_CALLERS} callers at once, cycling through {@code values}: each gets its own
   * value back, and the round makes at most {@code maxCalls} backend calls.
   */
  private void assertVaryRound(
      VaryingBackend backend, DrivenClient client, String header, List<String> values, int maxCalls)
      throws Exception {
    int before = backend.calls();
    AtomicInteger next = new AtomicInteger();
    backend.arrivals().expect(VARY_CALLERS);
    List<List<String>> answers =
        Concurrently.run(
            VARY_CALLERS,
            () -> {
              String value = values.get(next.getAndIncrement() % values.size());
              return List.of(value, client.send(Call.get(PATH, header, value)).text());
            });

    assertThat(answers)
        .allSatisfy(
            answer ->
                assertThat(answer.get(1))
                    .as("the body for %s: %s", header, answer.get(0))
                    .isEqualTo(answer.get(0)));
    int made = backend.calls() - before;
    System.out.printf(
        "%s, Vary: %s, %d values: %d backend calls for %d callers%n",
        getClass().getSimpleName(), header, values.size(), made, VARY_CALLERS);
    assertThat(made)
        .as("backend calls of the round, %s", client.stats())
        .isBetween(values.size(), maxCalls);
  }
}
