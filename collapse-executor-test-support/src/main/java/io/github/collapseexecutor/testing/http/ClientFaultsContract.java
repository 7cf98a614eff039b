package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.FaultyBackend.Fault;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Failures through every client adapter: for each {@link Fault} of the network or the server,
 * every caller of a shared call fails as the same client fails without collapse, with the same
 * exception type and, for an HTTP error, the same status code (or gets the same response, where
 * the client takes a cut-short body for a whole one); a failure while the body is read surfaces
 * where the client reads the body, not when it makes the call.
 * Each adapter's test class supplies the client, once without the adapter and once with it.
 */
public abstract class ClientFaultsContract {

  /** The read timeout of the clients under test. */
  protected static final Duration READ_TIMEOUT = Duration.ofSeconds(2);

  private static final int CALLERS = 4;

  /** The server the clients call. */
  protected final FaultyBackend backend = new FaultyBackend();

  /** What one caller observed: the response, or what it threw. */
  record Observed(String response, int status, String exception) {

    static Observed of(ClientFaultsContract test, boolean collapsing, String url) {
      try {
        return new Observed(test.response(collapsing, url), -1, null);
      } catch (Exception failure) {
        // not the cause: which of two timers ends a read timeout first (a socket's own, OkHttp's
        // watchdog) decides whether it has one, with collapse or without
        return new Observed(null, test.status(failure), failure.getClass().getName());
      }
    }
  }

  /** Creates both clients, each with a read timeout of {@link #READ_TIMEOUT}. */
  protected abstract void createClients(HttpCollapseOptions options);

  /**
   * Makes a GET to {@code url} with the collapsing client or the plain one, reads the whole body
   * and returns the status code and the body, {@code "200 body"}; throws what the client throws.
   */
  protected abstract String response(boolean collapsing, String url) throws Exception;

  /**
   * Returns the status code that {@code failure}, thrown by {@link #response}, carries for an HTTP
   * error, or -1: -1 unless the client's exceptions carry one.
   */
  protected int status(Exception failure) {
    return -1;
  }

  /** Closes the adapter and the clients. */
  protected abstract void closeClients();

  @BeforeEach
  void start() throws IOException {
    backend.start();
    createClients(HttpCollapseOptions.builder()
        .group(CollapseGroup.ofUris("/fault/*"))
        // a caller has arrived once it leads the call or waits for it, not when it sets off: the
        // one call the test counts is then held until every caller is in it
        .observations(backend.arrivals().inCollapse())
        .build());
  }

  @AfterEach
  void stop() throws IOException {
    closeClients();
    backend.stop();
  }

  @ParameterizedTest
  @EnumSource(Fault.class)
  @Timeout(60)
  void everyCallerOfASharedCallFailsAsTheClientDoesWithoutCollapse(Fault fault)
      throws Exception {
    String url = backend.url(fault);
    backend.arrivals().expect(1);
    backend.arrivals().arrive();
    Observed alone = Observed.of(this, /* collapsing= */ false, url);
    int requestsOfOneCall = backend.requests();

    backend.arrivals().expect(CALLERS);
    List<Observed> together = Concurrently.run(CALLERS,
        () -> Observed.of(this, /* collapsing= */ true, url));

    assertThat(together).as("%s", fault).containsOnly(alone);
    if (fault != Fault.CONNECTION_REFUSED) {
      // nothing holds a refused connection, so only a server that answered can be shared
      assertThat(backend.requests() - requestsOfOneCall).as("%s: one shared call", fault)
          .isEqualTo(requestsOfOneCall);
    }
  }
}
