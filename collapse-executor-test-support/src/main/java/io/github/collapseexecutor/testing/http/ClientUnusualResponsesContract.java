package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.HttpCollapseStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What every client adapter must give its callers for unusual responses and requests, checked the
 * same way for each: every caller gets what the same client without collapse gets for its own
 * request (status, headers, body bytes), and never the response of a different request. Each
 * adapter's test class supplies the clients and adds the cases only it has (compression, which
 * each client library handles its own way).
 */
public abstract class ClientUnusualResponsesContract {

  /** Calls made at once in each case. */
  protected static final int N = 16;

  /**
   * Makes {@code calls} one at a time without collapse, then {@code n} at once with collapse, and
   * asserts each caller got what the plain client got; returns the plain outcomes.
   */
  protected abstract Map<Call, Outcome> assertSame(int n, List<Call> calls) throws Exception;

  /** Returns the counters of the adapter under test. */
  protected abstract HttpCollapseStats stats();

  @Test
  void chunkedBodiesAreSharedWhole() throws Exception {
    Map<Call, Outcome> expected = assertSame(N, List.of(Call.get("/u/chunked")));

    assertThat(expected.values()).allSatisfy(outcome ->
        assertThat(outcome.body()).isEqualTo(UnusualBackend.TEXT));
    assertThat(stats().replayed()).isPositive();
  }
  @Test
  void aNotModifiedResponseReachesOnlyCallersWithTheValidatorItAnswers() throws Exception {
    Map<Call, Outcome> expected = assertSame(N, List.of(
        Call.get("/u/etag"),
        Call.get("/u/etag", "If-None-Match", UnusualBackend.ETAG),
        Call.get("/u/etag", "If-None-Match", "\"v0\""),
        Call.get("/u/etag", "If-Modified-Since", UnusualBackend.LAST_MODIFIED)));

    assertThat(expected.values()).extracting(Outcome::status).containsExactly(200, 304, 200, 304);
  }
  @Test
  void aNotModifiedResponseIsSharedAmongCallersWithTheSameValidator() throws Exception {
    Map<Call, Outcome> expected = assertSame(N,
        List.of(Call.get("/u/etag", "If-None-Match", UnusualBackend.ETAG)));

    assertThat(expected.values()).extracting(Outcome::status).containsExactly(304);
    assertThat(stats().replayed()).isPositive();
  }
  @Test
  void aResponseThatVariesOnAHeaderTheWaiterSentDifferentlyIsNotShared() throws Exception {
    Map<Call, Outcome> expected = assertSame(N, List.of(
        Call.get("/u/vary", "X-Variant", "en"),
        Call.get("/u/vary", "X-Variant", "de"),
        Call.get("/u/vary")));

    assertThat(expected.values()).extracting(Outcome::body).doesNotHaveDuplicates();
    assertThat(stats().regrouped() + stats().varyKeyed())
        .as("requests grouped by their X-Variant").isPositive();
  }
  @Test
  void headAndGetOfOneUriNeverShareAResponse() throws Exception {
    Map<Call, Outcome> expected = assertSame(N,
        List.of(Call.head("/u/head"), Call.get("/u/head")));

    Outcome head = expected.get(Call.head("/u/head"));
    assertThat(head.header("X-Method")).isEqualTo("HEAD");
    assertThat(head.body()).isEmpty();
    assertThat(head.header("Content-Length")).isEqualTo(
        String.valueOf(UnusualBackend.TEXT.length()));
    assertThat(expected.get(Call.get("/u/head")).body()).isEqualTo(UnusualBackend.TEXT);
  }
  @Test
  void targetsThatDifferOnlyInEncodingAreNeverMerged() throws Exception {
    List<Call> calls = new ArrayList<>();
    UnusualBackend.UNUSUAL_TARGETS.forEach(target -> calls.add(Call.get(target)));

    Map<Call, Outcome> expected = assertSame(3 * calls.size(), calls);

    // the server echoes each target as it arrived: no two may look alike, or a cross goes unseen
    assertThat(expected.values()).extracting(Outcome::body).doesNotHaveDuplicates();
    assertThat(stats().replayed()).isPositive();
  }}
