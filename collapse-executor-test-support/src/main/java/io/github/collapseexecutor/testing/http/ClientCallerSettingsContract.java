package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A caller's own settings through every client adapter: the shared call belongs to no caller.
 * A caller's cancel or own limit ends that caller's wait, and only that; a call that the leading
 * caller's own cancel, deadline or read timeout ended is taken over by the callers that waited
 * for it with a longer one, and each caller with a shorter limit fails at it with what its
 * client throws without collapse.
 * Each adapter's test class supplies the client, the ways its callers leave, and the kinds of
 * limit a caller of that client sets on its own request or call.
 *
 * <p>The backend holds each call until the test lets it go, and the adapter's observations tell
 * the test when each request has its place, so the rounds overlap however busy the machine.
 */
public abstract class ClientCallerSettingsContract {

  /** How many callers join the leading caller's call. */
  protected static final int JOINERS = 20;

  /** A limit that ends while the shared call is still held. */
  protected static final Duration SHORT_LIMIT = Duration.ofSeconds(2);

  /** A limit that no call of the tests reaches. */
  protected static final Duration LONG_LIMIT = Duration.ofSeconds(60);

  /** The server the client calls. */
  protected final GatedBackend backend = new GatedBackend();

  private final Placements placements = new Placements();
  private String baseUrl;

  /**
   * One caller's call, started on a thread or a subscription of its own.
   *
   * @param body the body of the response; fails with exactly what the client threw or signalled
   *     to the caller
   * @param leaving how the client's callers leave: cancel the call, interrupt the thread that
   *     waits on it, or dispose of the subscription
   */
  public record OwnCall(CompletableFuture<String> body, Runnable leaving) {

    /** Leaves the call, as the client's callers do. */
    public void leave() {
      leaving.run();
    }
  }

  /** Creates the client, with an adapter built of {@code options}. */
  protected abstract void createClient(HttpCollapseOptions options);

  /** Closes the adapter and the client. */
  protected abstract void closeClient();

  /**
   * Returns the kinds of limit a caller of the client sets on its own request or call (OkHttp's
   * call timeout, read timeout and deadline, say), each a name {@link #start} takes; empty for a
   * client whose limits are all the client's own, which every caller shares.
   */
  protected abstract List<String> limitKinds();

  /**
   * Starts a GET to {@code url}; with a kind of {@link #limitKinds()} and a limit of that kind, or
   * with neither, as the client's callers make it by default.
   */
  protected abstract OwnCall start(String url, @Nullable String kind, @Nullable Duration limit);

  /**
   * Returns whether the message of what the client throws when a limit of {@code kind} ends a
   * call varies from one call to the next, so that only its type is compared: false by default.
   */
  protected boolean messageVaries(String kind) {
    return false;
  }

  /**
   * Returns whether a caller that leaves ends the call it leads, as a blocking client's call
   * that runs on the caller's thread does: the callers that waited then take it over with a new
   * call. False for a client whose shared call goes on for the others.
   */
  protected abstract boolean leavingEndsTheCall();

  @BeforeEach
  void startBackend() {
    baseUrl = backend.start();
    createClient(HttpCollapseOptions.builder()
        .group(CollapseGroup.ofUris("/settings/*"))
        .waitTimeout(Duration.ofSeconds(90))
        .observations(placements.observations())
        .build());
  }

  @AfterEach
  void stopBackend() {
    closeClient();
    backend.stop();
  }

  @Test
  @Timeout(90)
  void theCallersThatJoinedALeaderThatLeavesGetTheirAnswer() throws Exception {
    String path = "/settings/leave";
    OwnCall leader = start(baseUrl + path, null, null);
    backend.awaitCall(path, 1);
    placements.await(1);
    List<OwnCall> joiners = startAll(path, null, null);
    placements.await(1 + JOINERS);

    leader.leave();

    failure(leader);
    int answering = 1;
    if (leavingEndsTheCall()) {
      // one of the joiners makes the call again, and the others wait for it
      answering = 2;
      backend.awaitCall(path, 2);
      placements.await(1 + 2 * JOINERS);
    }
    backend.releaseFrom(path, answering);
    for (OwnCall joiner : joiners) {
      assertThat(joiner.body().get(20, TimeUnit.SECONDS)).isEqualTo("call " + answering);
    }
    assertThat(backend.calls(path)).as("backend calls").isEqualTo(answering);
  }

  @Test
  @Timeout(120)
  void theCallersThatJoinedALeaderWhoseOwnLimitEndsItsCallGetTheirAnswer() throws Exception {
    Assumptions.assumeFalse(limitKinds().isEmpty(), "no caller of the client sets a limit");
    for (String kind : limitKinds()) {
      String path = "/settings/limit-" + kind;
      OwnCall leader = start(baseUrl + path, kind, SHORT_LIMIT);
      backend.awaitCall(path, 1);
      List<OwnCall> joiners = startAll(path, kind, LONG_LIMIT);

      // the first call is held until the leader's own limit ended its wait, or its call
      failure(leader);

      backend.releaseFrom(path, 1);
      for (OwnCall joiner : joiners) {
        String body = joiner.body().get(20, TimeUnit.SECONDS);
        assertThat(body).as(kind).matches("call [0-9]+");
        if (leavingEndsTheCall()) {
          assertThat(body).as("%s: a call taken over", kind).isNotEqualTo("call 1");
        }
      }
    }
  }

  @Test
  @Timeout(120)
  void eachJoinerWithAShorterLimitFailsAtItAsItsClientDoesWithoutCollapse() throws Exception {
    Assumptions.assumeFalse(limitKinds().isEmpty(), "no caller of the client sets a limit");
    for (String kind : limitKinds()) {
      // the same limit on a call no group takes, whose answer never comes
      Throwable alone = failure(start(baseUrl + "/held/" + kind, kind, SHORT_LIMIT));
      String path = "/settings/short-" + kind;
      int placed = placements.count();
      OwnCall leader = start(baseUrl + path, kind, LONG_LIMIT);
      backend.awaitCall(path, 1);
      placements.await(placed + 1);

      List<OwnCall> joiners = startAll(path, kind, SHORT_LIMIT);

      // the shared call is still held: only each joiner's own limit can end its wait
      for (OwnCall joiner : joiners) {
        Throwable failure = failure(joiner);
        assertThat(failure).as(kind).isInstanceOf(alone.getClass());
        if (!messageVaries(kind)) {
          assertThat(failure).as(kind).hasMessage(alone.getMessage());
        }
      }
      backend.releaseFrom(path, 1);
      assertThat(leader.body().get(20, TimeUnit.SECONDS)).isEqualTo("call 1");
      assertThat(backend.calls(path)).as("%s: backend calls", kind).isEqualTo(1);
    }
  }

  private List<OwnCall> startAll(String path, @Nullable String kind, @Nullable Duration limit) {
    List<OwnCall> calls = new ArrayList<>();
    for (int i = 0; i < JOINERS; i++) {
      calls.add(start(baseUrl + path, kind, limit));
    }
    return calls;
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
