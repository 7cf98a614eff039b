package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A collapsing client against {@link SecuredBackend}, a Spring Boot service with Spring Security's
 * default headers: 50 concurrent identical GETs with the same credentials share one response,
 * callers with other credentials never get it, and responses that set a cookie are never shared
 * while the next round for their key goes straight to the backend.
 *
 * <p>The rounds that count backend calls hold the backend until every caller leads a call or
 * waits for one ({@link SecuredBackend#arrivals()}), so the counts do not depend on how quickly a
 * busy machine starts 50 threads; their latency then includes that wait. Latency is printed, not
 * asserted: on a shared 2-core machine a timed assertion would flake.
 */
public abstract class SecuredBackendContract {

  protected static final int N = 50;

  private static SecuredBackend backend;

  /** Creates the collapsing client under test, against {@code baseUrl}. */
  protected abstract void createClient(String baseUrl, HttpCollapseOptions options);

  /** Closes what {@link #createClient} created. */
  protected abstract void closeClient();

  /** Sends a GET for {@code path} with this {@code Authorization}, through the collapsing client. */
  protected abstract Reply get(String path, String authorization) throws Exception;

  /** Returns the counters of the adapter under test. */
  protected abstract HttpCollapseStats stats();

  /** What one caller got. */
  public record Reply(int status, String body, String setCookie) {}

  private record Timed(Reply reply, long nanos) {}

  @BeforeAll
  static void startBackend() {
    backend = SecuredBackend.start();
  }

  @AfterAll
  static void stopBackend() {
    backend.close();
  }

  @BeforeEach
  void createCollapsingClient() throws Exception {
    createClient(backend.baseUrl(), HttpCollapseOptions.builder()
        .group(CollapseGroup.ofUris("/secured/*", "/cookie/*"))
        // a caller has arrived once it leads a call or waits for one: a round that counts calls
        // holds them until every caller is in one, however slowly a busy machine starts them
        .observations(backend.arrivals().inCollapse())
        .build());
    // connections and code paths warm, so that the rounds below measure collapse alone
    Concurrently.run(8, () -> get("/secured/warm-up", "Bearer warm-up"));
  }

  @AfterEach
  void closeCollapsingClient() {
    // a round cut short by a failure holds nothing in the next test
    backend.arrivals().expect(0);
    closeClient();
  }

  @Test
  @Timeout(60)
  void identicalRequestsWithTheSameCredentialsShareOneSpringSecurityResponse() throws Exception {
    String path = "/secured/" + getClass().getSimpleName();
    backend.arrivals().expect(N);

    List<Timed> replies = Concurrently.run(N, () -> timed(path, "Bearer alice"));

    assertThat(replies).extracting(Timed::reply).containsOnly(
        new Reply(200, "item " + getClass().getSimpleName() + " for Bearer alice", null));
    assertThat(backend.calls(path)).as("backend calls").isBetween(1, 5);
    assertThat(stats().replayed()).isGreaterThanOrEqualTo(N - 5);
    report("same credentials, Spring Security headers", replies, baseline());
  }

  @Test
  @Timeout(60)
  void callersWithOtherCredentialsNeverGetTheResponse() throws Exception {
    AtomicInteger turn = new AtomicInteger();
    backend.arrivals().expect(N);

    List<Reply> replies = Concurrently.run(N, () -> {
      String user = turn.getAndIncrement() % 2 == 0 ? "Bearer alice" : "Bearer bob";
      Reply reply = get("/secured/mixed", user);
      assertThat(reply.body()).isEqualTo("item mixed for " + user);
      return reply;
    });

    assertThat(replies).hasSize(N);
    assertThat(backend.calls("/secured/mixed")).isBetween(2, 10);
  }

  @Test
  @Timeout(60)
  void responsesThatSetACookieAreNeverSharedAndTheNextRoundGoesStraightToTheBackend()
      throws Exception {
    String path = "/cookie/" + getClass().getSimpleName();

    List<Timed> first = Concurrently.run(N, () -> timed(path, "Bearer alice"));
    List<Timed> second = Concurrently.run(N, () -> timed(path, "Bearer alice"));

    List<String> cookies = new ArrayList<>();
    first.forEach(timed -> cookies.add(timed.reply().setCookie()));
    second.forEach(timed -> cookies.add(timed.reply().setCookie()));
    assertThat(cookies).doesNotContainNull().doesNotHaveDuplicates();
    assertThat(backend.calls(path)).isEqualTo(2 * N);
    // the first round's callers that waited fell back for the leader's reason, later ones passed
    assertThat(stats().unshared(UnsharedReason.SET_COOKIE)
        + stats().unshared(UnsharedReason.HIT_FOR_PASS)).isEqualTo(2 * N);
    assertThat(stats().unshared(UnsharedReason.HIT_FOR_PASS))
        .as("the second round did not wait").isGreaterThanOrEqualTo(N);
    long baseline = baseline();
    report("Set-Cookie, first round", first, baseline);
    report("Set-Cookie, second round", second, baseline);
  }

  private Timed timed(String path, String authorization) throws Exception {
    long start = System.nanoTime();
    Reply reply = get(path, authorization);
    return new Timed(reply, System.nanoTime() - start);
  }

  /** Returns the p50 of a round through the same client on a path no group takes. */
  private long baseline() throws Exception {
    return p50(Concurrently.run(N, () -> timed("/direct/baseline", "Bearer alice")));
  }

  private static long p50(List<Timed> replies) {
    return replies.stream().mapToLong(Timed::nanos).sorted().toArray()[replies.size() / 2];
  }

  private void report(String what, List<Timed> replies, long baselineNanos) {
    double p50 = p50(replies) / 1e6;
    System.out.printf("%s, %s: p50 %.0f ms = %.2f x the endpoint's %d ms"
        + " = %.2f x the same round without collapse (%.0f ms)%n",
        getClass().getSimpleName(), what, p50, p50 / SecuredBackend.LATENCY_MS,
        SecuredBackend.LATENCY_MS, p50 / (baselineNanos / 1e6), baselineNanos / 1e6);
  }
}
