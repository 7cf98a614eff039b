package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.ClientFixture.Setup;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What every client adapter must give its callers for unusual responses and requests, checked the
 * same way for each: every caller gets what the same client without collapse gets for its own
 * request (status, headers, body bytes), and never the response of a different request. An
 * adapter's test class adds the cases only it has (compression, which each client library
 * handles its own way) with {@link #withUnusualBackend}.
 */
public interface ClientUnusualResponsesContract extends ClientContract {

  /** Calls made at once in each case. */
  int N = 16;

  /** How long the backend takes to answer, so that concurrent callers overlap. */
  int UNUSUAL_DELAY_MS = 400;

  /**
   * A plain client and a collapsing one of the same {@link UnusualBackend}.
   *
   * @param baseUrl the backend's base URL, for a case that makes clients of its own
   */
  record Unusual(DrivenClient plain, DrivenClient collapsing, String baseUrl) {

    /**
     * Makes {@code calls} one at a time without collapse, then {@code n} at once with collapse,
     * and asserts each caller got what the plain client got; returns the plain outcomes.
     */
    public Map<Call, Outcome> assertSame(int n, List<Call> calls) throws Exception {
      return SameOutcomes.assertSame(n, calls, plain::send, collapsing::send);
    }

    /** Returns the counters of the collapsing client's adapter. */
    public HttpCollapseStats stats() {
      return collapsing.stats();
    }
  }

  /** What a case does with the clients. */
  @FunctionalInterface
  interface UnusualCase {
    void run(Unusual clients) throws Exception;
  }

  /** Runs {@code test} with clients of the contract's fixture. */
  default void withUnusualBackend(UnusualCase test) throws Exception {
    withUnusualBackend(fixture(), test);
  }

  /**
   * Runs {@code test} with clients of {@code fixture}, a variant of the contract's (a client
   * library's other setting), against a fresh {@link UnusualBackend}.
   */
  default void withUnusualBackend(ClientFixture fixture, UnusualCase test) throws Exception {
    CountingBackend backend = new CountingBackend();
    WireMockServer server = backend.start();
    UnusualBackend.stub(server, UNUSUAL_DELAY_MS);
    try (DrivenClient plain = fixture.open(Setup.plain(server.baseUrl()));
        DrivenClient collapsing =
            fixture.open(
                Setup.collapsing(
                    server.baseUrl(),
                    HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/u/**")).build()))) {
      test.run(new Unusual(plain, collapsing, server.baseUrl()));
    } finally {
      backend.stop();
    }
  }

  @Test
  @Timeout(60)
  default void chunkedBodiesAreSharedWhole() throws Exception {
    withUnusualBackend(
        clients -> {
          Map<Call, Outcome> expected = clients.assertSame(N, List.of(Call.get("/u/chunked")));

          assertThat(expected.values())
              .allSatisfy(outcome -> assertThat(outcome.body()).isEqualTo(UnusualBackend.TEXT));
          assertThat(clients.stats().replayed()).isPositive();
        });
  }

  @Test
  @Timeout(60)
  default void aNotModifiedResponseReachesOnlyCallersWithTheValidatorItAnswers() throws Exception {
    withUnusualBackend(
        clients -> {
          Map<Call, Outcome> expected =
              clients.assertSame(
                  N,
                  List.of(
                      Call.get("/u/etag"),
                      Call.get("/u/etag", "If-None-Match", UnusualBackend.ETAG),
                      Call.get("/u/etag", "If-None-Match", "\"v0\""),
                      Call.get("/u/etag", "If-Modified-Since", UnusualBackend.LAST_MODIFIED)));

          assertThat(expected.values())
              .extracting(Outcome::status)
              .containsExactly(200, 304, 200, 304);
        });
  }

  @Test
  @Timeout(60)
  default void aNotModifiedResponseIsSharedAmongCallersWithTheSameValidator() throws Exception {
    withUnusualBackend(
        clients -> {
          Map<Call, Outcome> expected =
              clients.assertSame(
                  N, List.of(Call.get("/u/etag", "If-None-Match", UnusualBackend.ETAG)));

          assertThat(expected.values()).extracting(Outcome::status).containsExactly(304);
          assertThat(clients.stats().replayed()).isPositive();
        });
  }

  @Test
  @Timeout(60)
  default void aResponseThatVariesOnAHeaderTheWaiterSentDifferentlyIsNotShared() throws Exception {
    withUnusualBackend(
        clients -> {
          Map<Call, Outcome> expected =
              clients.assertSame(
                  N,
                  List.of(
                      Call.get("/u/vary", "X-Variant", "en"),
                      Call.get("/u/vary", "X-Variant", "de"),
                      Call.get("/u/vary")));

          assertThat(expected.values()).extracting(Outcome::body).doesNotHaveDuplicates();
          assertThat(clients.stats().regrouped() + clients.stats().varyKeyed())
              .as("requests grouped by their X-Variant")
              .isPositive();
        });
  }

  @Test
  @Timeout(60)
  default void headAndGetOfOneUriNeverShareAResponse() throws Exception {
    withUnusualBackend(
        clients -> {
          Map<Call, Outcome> expected =
              clients.assertSame(N, List.of(Call.head("/u/head"), Call.get("/u/head")));

          Outcome head = expected.get(Call.head("/u/head"));
          assertThat(head.header("X-Method")).isEqualTo("HEAD");
          assertThat(head.body()).isEmpty();
          assertThat(head.header("Content-Length"))
              .isEqualTo(String.valueOf(UnusualBackend.TEXT.length()));
          assertThat(expected.get(Call.get("/u/head")).body()).isEqualTo(UnusualBackend.TEXT);
        });
  }

  @Test
  @Timeout(60)
  default void targetsThatDifferOnlyInEncodingAreNeverMerged() throws Exception {
    withUnusualBackend(
        clients -> {
          List<Call> calls = new ArrayList<>();
          UnusualBackend.UNUSUAL_TARGETS.forEach(target -> calls.add(Call.get(target)));

          Map<Call, Outcome> expected = clients.assertSame(3 * calls.size(), calls);

          // the server echoes each target as it arrived: no two may look alike, or a cross goes
          // unseen
          assertThat(expected.values()).extracting(Outcome::body).doesNotHaveDuplicates();
          assertThat(clients.stats().replayed()).isPositive();
        });
  }

  /** An empty 200 keeps its {@code Content-Length: 0}, and a 204 stays a 204. */
  @Test
  @Timeout(60)
  default void emptyAndNoContentResponsesAreSharedAsTheyAre() throws Exception {
    withUnusualBackend(
        clients -> {
          Map<Call, Outcome> expected =
              clients.assertSame(N, List.of(Call.get("/u/empty"), Call.get("/u/no-content")));

          assertThat(expected.values()).extracting(Outcome::status).containsExactly(200, 204);
          assertThat(expected.get(Call.get("/u/empty")).header("Content-Length")).isEqualTo("0");
          assertThat(clients.stats().replayed()).isPositive();
        });
  }
}
