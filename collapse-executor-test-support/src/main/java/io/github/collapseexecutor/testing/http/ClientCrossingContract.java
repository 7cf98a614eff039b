package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.HandOverFleet;
import io.github.collapseexecutor.testing.http.ClientFixture.Setup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What crosses between instances through the fleet tier: a caller on one instance that gets the
 * response another instance's call produced gets what its own call would have given it, or else
 * makes its own call. Two collapsing clients of one name, two instances, share a
 * {@link HandOverFleet} that gives the second the bytes the first one's call handed to the tier,
 * for an equal fleet key, as a tier gives a waiting instance the response of a call under way;
 * each outcome of the second is compared with what an instance without the tier gets for the same
 * request; each case lets the first instance's call end before the second sends. The cases need
 * no Redis.
 */
public interface ClientCrossingContract {

  /**
   * Returns the fixture of one instance, whose clients have one name: a fleet key holds the
   * client's name, so that only clients of one name on two instances share.
   */
  ClientFixture instance();

  /**
   * Whether an instance takes a response another instance produced only once it has had a live
   * response of its own: a WebClient decodes a body with the exchange strategies of its own
   * responses, which do not travel. Each case then begins with one live call of the second
   * instance, which the tier forgets.
   */
  default boolean needsALiveResponseFirst() {
    return false;
  }

  /** What a case does with a plain client and the two instances' collapsing clients. */
  @FunctionalInterface
  interface CrossingCase {
    void run(
        DrivenClient plain,
        DrivenClient first,
        DrivenClient second,
        CountingBackend backend,
        HandOverFleet fleet)
        throws Exception;
  }

  /** Runs {@code test} against a fresh {@link UnusualBackend}, with no delay. */
  default void withInstances(CrossingCase test) throws Exception {
    CountingBackend backend = new CountingBackend();
    WireMockServer server = backend.start();
    UnusualBackend.stub(server, 0);
    HandOverFleet fleet = new HandOverFleet();
    HttpCollapseOptions options =
        HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/u/**")).fleet(fleet).build();
    HttpCollapseOptions alone =
        HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/u/**")).build();
    // the reference: an instance of its own, with no tier, whose every call is its own
    try (DrivenClient plain = instance().open(Setup.collapsing(server.baseUrl(), alone));
        DrivenClient first = instance().open(Setup.collapsing(server.baseUrl(), options));
        DrivenClient second = instance().open(Setup.collapsing(server.baseUrl(), options))) {
      if (needsALiveResponseFirst()) {
        second.send(Call.get("/u/empty"));
        fleet.awaitCallsEnded(1);
        fleet.forget();
      }
      test.run(plain, first, second, backend, fleet);
    } finally {
      backend.stop();
    }
  }

  @Test
  @Timeout(60)
  default void anEqualRequestTakesTheResponseAnotherInstancesCallProduced() throws Exception {
    withInstances(
        (plain, first, second, backend, fleet) -> {
          Outcome alone = plain.send(Call.get("/u/chunked"));
          first.send(Call.get("/u/chunked"));
          fleet.awaitCallsEnded(1);
          int calls = backend.gets("/u/chunked");

          assertThat(second.send(Call.get("/u/chunked"))).isEqualTo(alone);
          assertThat(backend.gets("/u/chunked")).as("backend calls").isEqualTo(calls);
          assertThat(fleet.handedOver()).isEqualTo(1);
        });
  }

  @Test
  @Timeout(60)
  default void aResponseThatVariesOnAHeaderTheOtherRequestSentDifferentlyDoesNotCross()
      throws Exception {
    withInstances(
        (plain, first, second, backend, fleet) -> {
          first.send(Call.get("/u/vary", "X-Variant", "en"));
          fleet.awaitCallsEnded(1);

          // the second instance has not seen the Vary yet: its key is the first's
          assertThat(second.send(Call.get("/u/vary", "X-Variant", "de")))
              .isEqualTo(plain.send(Call.get("/u/vary", "X-Variant", "de")));
          assertThat(second.send(Call.get("/u/vary"))).isEqualTo(plain.send(Call.get("/u/vary")));
        });
  }

  @Test
  @Timeout(60)
  default void aNotModifiedResponseDoesNotCrossToARequestWithoutItsValidator() throws Exception {
    withInstances(
        (plain, first, second, backend, fleet) -> {
          Outcome validated = first.send(Call.get("/u/etag", "If-None-Match", UnusualBackend.ETAG));
          assertThat(validated.status()).isEqualTo(304);
          fleet.awaitCallsEnded(1);

          assertThat(second.send(Call.get("/u/etag"))).isEqualTo(plain.send(Call.get("/u/etag")));
        });
  }
}
