package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A request that changes its session is not shared (docs/security.md): the requests that
 * waited for it run the chain themselves, since a replay would not make the change for them and
 * would show them what it made for another request, such as a one-time message. Requests that
 * only read the session still share. Each server filter supplies a {@link Subject}: an
 * application behind the filter that serves {@link SessionRoutes} over its own sessions.
 */
public interface SessionChangesContract {

  /** How many requests of one session a round sends at once. */
  int REQUESTS = 20;

  /** A server application behind the filter under test, serving {@link SessionRoutes}. */
  interface Subject extends AutoCloseable {

    /**
     * Sends a {@code GET} of {@code path} with {@code cookie} as its {@code Cookie} header, or
     * none; returns the answer, with the session cookie the server set, if any.
     */
    Answer get(String path, @Nullable String cookie) throws Exception;

    /**
     * Waits, at most 30 s, until {@code requests} requests since the subject was created have
     * their place in the filter: each leads, waits, or goes through on its own. Only requests of
     * {@link SessionRoutes#GROUP} get one.
     */
    void awaitPlaced(int requests) throws Exception;

    /** Stops the application. */
    @Override
    void close();
  }

  /**
   * What a request got.
   *
   * @param sessionCookie the {@code name=value} of the session cookie the response set, or null
   */
  record Answer(int status, String body, @Nullable String sessionCookie) {}

  /** Creates the subject under test, serving {@code routes}; each case closes it. */
  Subject createSubject(SessionRoutes routes) throws Exception;

  @Test
  @Timeout(120)
  default void aOneTimeMessageReachesOnlyTheRequestThatTookIt() throws Exception {
    SessionRoutes routes = new SessionRoutes();
    try (Subject subject = createSubject(routes)) {
      String cookie = start(subject);

      List<String> answers = round(subject, routes, SessionRoutes.MESSAGE, cookie);

      assertThat(answers).filteredOn("message: hello"::equals).as("%s", answers).hasSize(1);
      assertThat(answers).filteredOn("no message"::equals).hasSize(REQUESTS - 1);
    }
  }

  @Test
  @Timeout(120)
  default void requestsThatSetASessionAttributeEachRunTheirOwnChain() throws Exception {
    SessionRoutes routes = new SessionRoutes();
    try (Subject subject = createSubject(routes)) {
      String cookie = start(subject);

      List<String> answers = round(subject, routes, SessionRoutes.COUNT, cookie);

      assertThat(answers)
          .as("each request counted once, by its own chain")
          .doesNotHaveDuplicates()
          .hasSize(REQUESTS);
      assertThat(routes.runs()).isEqualTo(REQUESTS);
    }
  }

  @Test
  @Timeout(120)
  default void requestsThatOnlyReadTheSessionStillShare() throws Exception {
    SessionRoutes routes = new SessionRoutes();
    try (Subject subject = createSubject(routes)) {
      String cookie = start(subject);

      List<String> answers = round(subject, routes, SessionRoutes.LOOK, cookie);

      assertThat(answers).containsOnly("message: hello");
      assertThat(routes.runs()).isEqualTo(1);
    }
  }

  private static String start(Subject subject) throws Exception {
    Answer started = subject.get(SessionRoutes.START, null);
    assertThat(started.status()).isEqualTo(200);
    assertThat(started.sessionCookie()).as("the session cookie").isNotNull();
    return started.sessionCookie();
  }

  /**
   * Sends {@link #REQUESTS} requests of {@code path} with {@code cookie} at once, holding the
   * first run until every one has its place; returns their bodies.
   */
  private static List<String> round(
      Subject subject, SessionRoutes routes, String path, String cookie) throws Exception {
    routes.newRound();
    ExecutorService threads = Executors.newFixedThreadPool(REQUESTS);
    try {
      List<Future<Answer>> sent = new ArrayList<>();
      for (int i = 0; i < REQUESTS; i++) {
        sent.add(threads.submit(() -> subject.get(path, cookie)));
      }
      subject.awaitPlaced(REQUESTS);
      routes.open();
      List<String> bodies = new ArrayList<>();
      for (Future<Answer> answer : sent) {
        Answer got = answer.get(60, TimeUnit.SECONDS);
        assertThat(got.status()).as(got.body()).isEqualTo(200);
        bodies.add(got.body());
      }
      return bodies;
    } finally {
      threads.shutdownNow();
    }
  }
}
