package io.github.collapseexecutor.benchmarks.load;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;

/**
 * RestClient against a Spring Security backend: {@value #USERS} closed-loop users in the harness's
 * process send identical GETs with the same {@code Authorization} to {@link SecuredBackend}, whose
 * every response is {@code Cache-Control: no-cache, no-store, max-age=0, must-revalidate}, with
 * and without {@link CollapseHttpRequestInterceptor}. Two rounds: an endpoint whose responses may
 * be shared among callers with the same credentials, then one that sets a cookie on every
 * response, which is never shared: after the first such response hit-for-pass sends its key's
 * requests straight to the backend, so they should take no longer than without collapse, and no
 * two callers may get the same cookie.
 */
final class SecuredBackendCase {

  /** The concurrent identical requests of the measurement. */
  static final int USERS = 50;

  private static final String AUTHORIZATION = "Bearer load-user";

  /** The two endpoints, one round each. */
  enum Round {
    SHARED("secured", "same Authorization, Spring Security's default headers"),
    COOKIE("cookie", "same Authorization, the endpoint sets a cookie on every response");

    private final String endpoint;
    private final String load;

    Round(String endpoint, String load) {
      this.endpoint = endpoint;
      this.load = load;
    }

    /** Returns the counter's name of the endpoint, which is also its first path segment. */
    String endpoint() {
      return endpoint;
    }

    /** Returns what the round sends, for the table. */
    String load() {
      return load;
    }
  }

  /**
   * What one round measured.
   *
   * @param rounds the measured runs, each without then with collapse
   * @param repeatedCookiesWith responses with collapse whose cookie another response had got
   * @param repeatedCookiesWithout the same without collapse
   * @param hitForPass requests with collapse that skipped it because their key was marked
   */
  record RoundResult(
      Rounds rounds, long repeatedCookiesWith, long repeatedCookiesWithout, long hitForPass) {}

  private final Settings settings;

  SecuredBackendCase(Settings settings) {
    this.settings = settings;
  }

  Map<Round, RoundResult> run() throws IOException, InterruptedException {
    Map<Round, RoundResult> results = new EnumMap<>(Round.class);
    try (SecuredBackend backend = SecuredBackend.start(settings.logs())) {
      for (Round round : Round.values()) {
        results.put(round, run(backend, round));
      }
    }
    return results;
  }

  private RoundResult run(SecuredBackend backend, Round round)
      throws IOException, InterruptedException {
    URI url = backend.url("/" + round.endpoint() + "/1");
    try (Side without = new Side(url, null);
        Side with =
            new Side(
                url,
                HttpCollapseOptions.builder()
                    .group(CollapseGroup.ofUris("/secured/*", "/cookie/*"))
                    .build())) {
      return run(backend, round, without, with);
    }
  }

  private RoundResult run(SecuredBackend backend, Round round, Side without, Side with)
      throws IOException, InterruptedException {
    // unmeasured, so that neither side pays for the JIT's and the pools' warm-up alone
    compare(backend, round, "warm-up", without, with, settings.warmUp());
    without.cookies.clear();
    with.cookies.clear();
    without.repeatedCookies.reset();
    with.repeatedCookies.reset();
    long hitForPassBefore = with.interceptor.stats().unshared(UnsharedReason.HIT_FOR_PASS);
    List<Comparison> measured = new ArrayList<>();
    for (int i = 1; i <= settings.rounds(); i++) {
      measured.add(compare(backend, round, "round " + i, without, with, settings.measure()));
    }
    return new RoundResult(
        new Rounds(measured),
        with.repeatedCookies.sum(),
        without.repeatedCookies.sum(),
        with.interceptor.stats().unshared(UnsharedReason.HIT_FOR_PASS) - hitForPassBefore);
  }

  private static Comparison compare(
      SecuredBackend backend, Round round, String run, Side without, Side with, Duration duration)
      throws IOException, InterruptedException {
    Measurement withoutCollapse = without.measure(backend, round, duration);
    Measurement withCollapse = with.measure(backend, round, duration);
    Progress.line(
        "%-10s %-8s %-7s %3d users: %s",
        "Secured", round.endpoint(), run, USERS, Progress.describe(withCollapse, withoutCollapse));
    return new Comparison(withCollapse, withoutCollapse);
  }

  /** RestClient with or without the interceptor, noting every cookie it is given. */
  private static final class Side implements AutoCloseable {

    private final URI url;
    private final RestClient client;
    private final CollapseHttpRequestInterceptor interceptor;
    private final Set<String> cookies = ConcurrentHashMap.newKeySet();
    private final LongAdder repeatedCookies = new LongAdder();

    Side(URI url, HttpCollapseOptions collapse) {
      this.url = url;
      RestClient.Builder builder = ClientAdapter.restClientBuilder();
      this.interceptor = collapse == null ? null : new CollapseHttpRequestInterceptor(collapse);
      if (interceptor != null) {
        builder.requestInterceptor(interceptor);
      }
      this.client = builder.build();
    }

    Measurement measure(SecuredBackend backend, Round round, Duration duration)
        throws IOException, InterruptedException {
      long before = backend.executions(round.endpoint());
      Measurement measured = ClosedLoop.blocking(USERS, duration, this::call);
      return measured.withBackendCalls(backend.executions(round.endpoint()) - before);
    }

    @Override
    public void close() {
      if (interceptor != null) {
        interceptor.close();
      }
    }

    private void call() {
      ResponseEntity<byte[]> response =
          client
              .get()
              .uri(url)
              .header(HttpHeaders.AUTHORIZATION, AUTHORIZATION)
              .retrieve()
              .toEntity(byte[].class);
      for (String cookie : response.getHeaders().getOrEmpty(HttpHeaders.SET_COOKIE)) {
        if (!cookies.add(cookie.split(";", 2)[0])) {
          repeatedCookies.increment();
        }
      }
    }
  }
}
