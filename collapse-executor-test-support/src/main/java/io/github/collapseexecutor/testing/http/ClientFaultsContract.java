package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientFixture.Setup;
import io.github.collapseexecutor.testing.http.FaultyBackend.Fault;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Failures through every client adapter: for each {@link Fault} of the network or the server,
 * every caller of a shared call fails as the same client fails without collapse, with the same
 * exception type and, for an HTTP error, the same status code (or gets the same response, where
 * the client takes a cut-short body for a whole one); a failure while the body is read surfaces
 * where the client reads the body, not when it makes the call. The fixture tells the two steps
 * apart where the client throws the same types at both.
 */
public interface ClientFaultsContract extends ClientContract {

  /** The read timeout of the clients under test, for the faults that end only by it. */
  Duration READ_TIMEOUT = Duration.ofSeconds(2);

  /**
   * The read timeout for every other fault: far above what an answer takes on a busy machine,
   * so that a starved client thread cannot turn an error answer into a timeout.
   */
  Duration READ_TIMEOUT_OF_ANSWERS = Duration.ofSeconds(30);

  /** How many callers share the call. */
  int FAULT_CALLERS = 4;

  /** What one caller observed: the status and body of the response, or what it threw. */
  record Observed(@Nullable String response, int status, @Nullable String exception) {

    static Observed of(ClientFixture fixture, DrivenClient client, String target) {
      try {
        Outcome outcome = client.send(Call.get(target));
        return new Observed(outcome.status() + " " + outcome.text(), -1, null);
      } catch (Exception failure) {
        // not the cause: which of two timers ends a read timeout first (a socket's own, OkHttp's
        // watchdog) decides whether it has one, with collapse or without
        return new Observed(null, fixture.status(failure), failure.getClass().getName());
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Fault.class)
  @Timeout(60)
  default void everyCallerOfASharedCallFailsAsTheClientDoesWithoutCollapse(Fault fault)
      throws Exception {
    FaultyBackend backend = new FaultyBackend();
    backend.start();
    String url = backend.url(fault);
    Duration readTimeout =
        fault == Fault.TIMEOUT_BEFORE_HEADERS || fault == Fault.TIMEOUT_MID_BODY
            ? READ_TIMEOUT
            : READ_TIMEOUT_OF_ANSWERS;
    Setup collapsing =
        Setup.collapsing(
                url.substring(0, url.length() - fault.path().length()),
                HttpCollapseOptions.builder()
                    .group(CollapseGroup.ofUris("/fault/*"))
                    // a caller has arrived once it leads the call or waits for it, not when it sets
                    // off:
                    // the one call the test counts is then held until every caller is in it
                    .observations(backend.arrivals().inCollapse())
                    .build())
            .withReadTimeout(readTimeout);
    try (DrivenClient plain =
            fixture().open(Setup.plain(collapsing.baseUrl()).withReadTimeout(readTimeout));
        DrivenClient client = fixture().open(collapsing)) {
      backend.arrivals().expect(1);
      backend.arrivals().arrive();
      Observed alone = Observed.of(fixture(), plain, fault.path());
      int requestsOfOneCall = backend.requests();

      backend.arrivals().expect(FAULT_CALLERS);
      List<Observed> together =
          Concurrently.run(FAULT_CALLERS, () -> Observed.of(fixture(), client, fault.path()));

      assertThat(together).as("%s", fault).containsOnly(alone);
      if (fault != Fault.CONNECTION_REFUSED) {
        // nothing holds a refused connection, so only a server that answered can be shared
        assertThat(backend.requests() - requestsOfOneCall)
            .as("%s: one shared call", fault)
            .isEqualTo(requestsOfOneCall);
      }
    } finally {
      backend.stop();
    }
  }
}
