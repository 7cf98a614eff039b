package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
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
 * asserted: on a shared 2-core machine a timed assertion would flake. The service starts once
 * for the test class (test classes run one after another).
 */
public interface SecuredBackendContract extends ClientContract {

  /** How many callers a round sets off at once. */
  int SECURED_CALLERS = 50;

  /** What one caller got. */
  record Reply(int status, String body, @Nullable String setCookie) {

    static Reply of(Outcome outcome) {
      return new Reply(outcome.status(), outcome.text(), outcome.header("Set-Cookie"));
    }
  }

  /** A reply and how long it took. */
  record Timed(Reply reply, long nanos) {}

  /** The service of the test class that runs. */
  final class Running {

    private static @Nullable SecuredBackend backend;

    private Running() {}

    static SecuredBackend backend() {
      if (backend == null) {
        throw new IllegalStateException("the secured backend is not running");
      }
      return backend;
    }
  }

  @BeforeAll
  static void startSecuredBackend() {
    Running.backend = SecuredBackend.start();
  }

  @AfterAll
  static void stopSecuredBackend() {
    Running.backend().close();
    Running.backend = null;
  }

  /** Opens the collapsing client and warms it; runs {@code test}; then closes it. */
  private void withSecuredClient(SecuredCase test) throws Exception {
    SecuredBackend backend = Running.backend();
    try (DrivenClient client =
        open(
            backend.baseUrl(),
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/secured/*", "/cookie/*"))
                // a caller has arrived once it leads a call or waits for one: a round that counts
                // calls
                // holds them until every caller is in one, however slowly a busy machine starts
                // them
                .observations(backend.arrivals().inCollapse())
                .build())) {
      // connections and code paths warm, so that the rounds below measure collapse alone
      Concurrently.run(8, () -> securedGet(client, "/secured/warm-up", "Bearer warm-up"));
      test.run(backend, client);
    } finally {
      // a round cut short by a failure holds nothing in the next test
      backend.arrivals().expect(0);
    }
  }

  /** What a case does with the service and the client. */
  @FunctionalInterface
  interface SecuredCase {
    void run(SecuredBackend backend, DrivenClient client) throws Exception;
  }

  @Test
  @Timeout(60)
  default void identicalRequestsWithTheSameCredentialsShareOneSpringSecurityResponse()
      throws Exception {
    withSecuredClient(
        (backend, client) -> {
          String path = "/secured/" + getClass().getSimpleName();
          backend.arrivals().expect(SECURED_CALLERS);

          List<Timed> replies =
              Concurrently.run(SECURED_CALLERS, () -> timed(client, path, "Bearer alice"));

          assertThat(replies)
              .extracting(Timed::reply)
              .containsOnly(
                  new Reply(200, "item " + getClass().getSimpleName() + " for Bearer alice", null));
          assertThat(backend.calls(path)).as("backend calls").isBetween(1, 5);
          assertThat(client.stats().replayed()).isGreaterThanOrEqualTo(SECURED_CALLERS - 5);
          report("same credentials, Spring Security headers", replies, baseline(client));
        });
  }

  @Test
  @Timeout(60)
  default void callersWithOtherCredentialsNeverGetTheResponse() throws Exception {
    withSecuredClient(
        (backend, client) -> {
          AtomicInteger turn = new AtomicInteger();
          backend.arrivals().expect(SECURED_CALLERS);

          List<Reply> replies =
              Concurrently.run(
                  SECURED_CALLERS,
                  () -> {
                    String user = turn.getAndIncrement() % 2 == 0 ? "Bearer alice" : "Bearer bob";
                    Reply reply = securedGet(client, "/secured/mixed", user);
                    assertThat(reply.body()).isEqualTo("item mixed for " + user);
                    return reply;
                  });

          assertThat(replies).hasSize(SECURED_CALLERS);
          assertThat(backend.calls("/secured/mixed")).isBetween(2, 10);
        });
  }

  @Test
  @Timeout(60)
  default void responsesThatSetACookieAreNeverSharedAndTheNextRoundGoesStraightToTheBackend()
      throws Exception {
    withSecuredClient(
        (backend, client) -> {
          String path = "/cookie/" + getClass().getSimpleName();

          List<Timed> first =
              Concurrently.run(SECURED_CALLERS, () -> timed(client, path, "Bearer alice"));
          List<Timed> second =
              Concurrently.run(SECURED_CALLERS, () -> timed(client, path, "Bearer alice"));

          List<String> cookies = new ArrayList<>();
          first.forEach(timed -> cookies.add(timed.reply().setCookie()));
          second.forEach(timed -> cookies.add(timed.reply().setCookie()));
          assertThat(cookies).doesNotContainNull().doesNotHaveDuplicates();
          assertThat(backend.calls(path)).isEqualTo(2 * SECURED_CALLERS);
          // the first round's callers that waited fell back for the leader's reason, later ones
          // passed
          assertThat(
                  client.stats().unshared(UnsharedReason.SET_COOKIE)
                      + client.stats().unshared(UnsharedReason.HIT_FOR_PASS))
              .isEqualTo(2 * SECURED_CALLERS);
          assertThat(client.stats().unshared(UnsharedReason.HIT_FOR_PASS))
              .as("the second round did not wait")
              .isGreaterThanOrEqualTo(SECURED_CALLERS);
          long baseline = baseline(client);
          report("Set-Cookie, first round", first, baseline);
          report("Set-Cookie, second round", second, baseline);
        });
  }

  private static Reply securedGet(DrivenClient client, String path, String authorization)
      throws Exception {
    return Reply.of(client.send(Call.get(path, "Authorization", authorization)));
  }

  private static Timed timed(DrivenClient client, String path, String authorization)
      throws Exception {
    long start = System.nanoTime();
    Reply reply = securedGet(client, path, authorization);
    return new Timed(reply, System.nanoTime() - start);
  }

  /** Returns the p50 of a round through the same client on a path no group takes. */
  private static long baseline(DrivenClient client) throws Exception {
    return p50(
        Concurrently.run(SECURED_CALLERS, () -> timed(client, "/direct/baseline", "Bearer alice")));
  }

  private static long p50(List<Timed> replies) {
    return replies.stream().mapToLong(Timed::nanos).sorted().toArray()[replies.size() / 2];
  }

  private void report(String what, List<Timed> replies, long baselineNanos) {
    double p50 = p50(replies) / 1e6;
    System.out.printf(
        "%s, %s: p50 %.0f ms = %.2f x the endpoint's %d ms"
            + " = %.2f x the same round without collapse (%.0f ms)%n",
        getClass().getSimpleName(),
        what,
        p50,
        p50 / SecuredBackend.LATENCY_MS,
        SecuredBackend.LATENCY_MS,
        p50 / (baselineNanos / 1e6),
        baselineNanos / 1e6);
  }
}
