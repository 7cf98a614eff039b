package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientFixture.Setup;
import io.github.collapseexecutor.testing.http.DrivenClient.OwnCall;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A caller's own settings through every client adapter: the shared call belongs to no caller.
 * A caller's cancel or own limit ends that caller's wait, and only that; a call that the leading
 * caller's own cancel, deadline or read timeout ended is taken over by the callers that waited
 * for it with a longer one, and each caller with a shorter limit fails at it with what its
 * client throws without collapse. The fixture starts each caller's call
 * ({@link DrivenClient#start}) and names the kinds of limit a caller sets
 * ({@link ClientFixture#limitKinds()}).
 *
 * <p>The backend holds each call until the test lets it go, and the adapter's observations tell
 * the test when each request has its place, so the rounds overlap however busy the machine.
 */
public interface ClientCallerSettingsContract extends ClientContract {

  /** How many callers join the leading caller's call. */
  int JOINERS = 20;

  /** A limit that ends while the shared call is still held. */
  Duration SHORT_LIMIT = Duration.ofSeconds(2);

  /** A limit that no call of the tests reaches. */
  Duration LONG_LIMIT = Duration.ofSeconds(60);

  /** The backend, the client and what tells when each request has its place. */
  record Settings(GatedBackend backend, DrivenClient client, Placements placements)
      implements AutoCloseable {

    /** Starts the call of {@code path} with a limit of {@code kind}, or with neither. */
    OwnCall start(String path, @Nullable String kind, @Nullable Duration limit) {
      return client.start(Call.get(path).withLimit(kind, limit));
    }

    List<OwnCall> startJoiners(String path, @Nullable String kind, @Nullable Duration limit) {
      List<OwnCall> calls = new ArrayList<>();
      for (int i = 0; i < JOINERS; i++) {
        calls.add(start(path, kind, limit));
      }
      return calls;
    }

    @Override
    public void close() {
      client.close();
      backend.stop();
    }
  }

  private Settings openSettings() throws Exception {
    GatedBackend backend = new GatedBackend();
    Placements placements = new Placements();
    String baseUrl = backend.start();
    try {
      return new Settings(
          backend,
          fixture()
              .open(
                  Setup.collapsing(
                          baseUrl,
                          HttpCollapseOptions.builder()
                              .group(CollapseGroup.ofUris("/settings/*"))
                              .waitTimeout(Duration.ofSeconds(90))
                              .observations(placements.observations())
                              .build())
                      .withReadTimeout(LONG_LIMIT)),
          placements);
    } catch (Exception | Error failed) {
      backend.stop();
      throw failed;
    }
  }

  @Test
  @Timeout(90)
  default void theCallersThatJoinedALeaderThatLeavesGetTheirAnswer() throws Exception {
    try (Settings settings = openSettings()) {
      String path = "/settings/leave";
      OwnCall leader = settings.start(path, null, null);
      settings.backend().awaitCall(path, 1);
      settings.placements().await(1);
      List<OwnCall> joiners = settings.startJoiners(path, null, null);
      settings.placements().await(1 + JOINERS);

      leader.leave();

      failure(leader);
      int answering = 1;
      if (fixture().leavingEndsTheCall()) {
        // one of the joiners makes the call again, and the others wait for it
        answering = 2;
        settings.backend().awaitCall(path, 2);
        settings.placements().await(1 + 2 * JOINERS);
      }
      settings.backend().releaseFrom(path, answering);
      for (OwnCall joiner : joiners) {
        assertThat(joiner.body().get(20, TimeUnit.SECONDS)).isEqualTo("call " + answering);
      }
      assertThat(settings.backend().calls(path)).as("backend calls").isEqualTo(answering);
    }
  }

  @Test
  @Timeout(120)
  default void theCallersThatJoinedALeaderWhoseOwnLimitEndsItsCallGetTheirAnswer()
      throws Exception {
    Assumptions.assumeFalse(
        fixture().limitKinds().isEmpty(), "no caller of the client sets a limit");
    try (Settings settings = openSettings()) {
      for (String kind : fixture().limitKinds()) {
        String path = "/settings/limit-" + kind;
        OwnCall leader = settings.start(path, kind, SHORT_LIMIT);
        settings.backend().awaitCall(path, 1);
        List<OwnCall> joiners = settings.startJoiners(path, kind, LONG_LIMIT);

        // the first call is held until the leader's own limit ended its wait, or its call
        failure(leader);

        settings.backend().releaseFrom(path, 1);
        for (OwnCall joiner : joiners) {
          String body = joiner.body().get(20, TimeUnit.SECONDS);
          assertThat(body).as(kind).matches("call [0-9]+");
          if (fixture().leavingEndsTheCall()) {
            assertThat(body).as("%s: a call taken over", kind).isNotEqualTo("call 1");
          }
        }
      }
    }
  }

  @Test
  @Timeout(120)
  default void eachJoinerWithAShorterLimitFailsAtItAsItsClientDoesWithoutCollapse()
      throws Exception {
    Assumptions.assumeFalse(
        fixture().limitKinds().isEmpty(), "no caller of the client sets a limit");
    try (Settings settings = openSettings()) {
      for (String kind : fixture().limitKinds()) {
        String path = "/settings/short-" + kind;
        int placed = settings.placements().count();
        OwnCall leader = settings.start(path, kind, LONG_LIMIT);
        settings.backend().awaitCall(path, 1);
        settings.placements().await(placed + 1);

        // the same limit on a call no group takes, whose answer never comes: what the client
        // throws without collapse, waited for beside the joiners rather than before them
        OwnCall held = settings.start("/held/" + kind, kind, SHORT_LIMIT);
        List<OwnCall> joiners = settings.startJoiners(path, kind, SHORT_LIMIT);
        Throwable alone = failure(held);

        // the shared call is still held: only each joiner's own limit can end its wait
        for (OwnCall joiner : joiners) {
          Throwable failure = failure(joiner);
          assertThat(failure).as(kind).isInstanceOf(alone.getClass());
          if (!fixture().limitMessageVaries(kind)) {
            assertThat(failure).as(kind).hasMessage(alone.getMessage());
          }
        }
        settings.backend().releaseFrom(path, 1);
        assertThat(leader.body().get(20, TimeUnit.SECONDS)).isEqualTo("call 1");
        assertThat(settings.backend().calls(path)).as("%s: backend calls", kind).isEqualTo(1);
      }
    }
  }

  /** Returns what {@code call} failed with, within 20 s. */
  private static Throwable failure(OwnCall call) throws InterruptedException {
    try {
      String body = call.body().get(20, TimeUnit.SECONDS);
      throw new AssertionError("expected the call to fail, but it answered " + body);
    } catch (ExecutionException | CompletionException failed) {
      return failed.getCause();
    } catch (TimeoutException stillWaiting) {
      throw new AssertionError("the call neither answered nor failed within 20 s");
    } catch (CancellationException cancelled) {
      return cancelled;
    }
  }
}
