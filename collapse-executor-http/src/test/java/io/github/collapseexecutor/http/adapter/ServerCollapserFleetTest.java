package io.github.collapseexecutor.http.adapter;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.core.CallerOutcome;
import io.github.collapseexecutor.http.CallObserver;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two instances of a server behind one fleet tier: the request that leads a key on one instance
 * runs the chain for both, and the other instance's leader and the requests waiting for it there
 * get its response, where every caller with the key may have it; elsewhere each instance runs its
 * own chain. The tier here is a map in memory that behaves as the Redis tier does.
 */
@Timeout(20)
final class ServerCollapserFleetTest {

  private static final RequestHeaders NONE = RequestHeaders.of(name -> List.of(), List::of);
  private static final long WAIT = 10;

  /** A detail as text, read back marked as read. */
  private static final DetailCodec<Object> TEXT =
      new DetailCodec<>() {
        @Override
        public void write(Object detail, DataOutput out) throws IOException {
          out.writeUTF(detail.toString());
        }

        @Override
        public Object read(DataInput in) throws IOException {
          return "read:" + in.readUTF();
        }
      };

  private final MemoryFleet fleet = new MemoryFleet();

  /** The last outcome each request's observation was told, one entry per request. */
  private final List<AtomicReference<String>> outcomes = new CopyOnWriteArrayList<>();

  private final ServerCollapser first = collapser("first");
  private final ServerCollapser second = collapser("second");
  private final ExecutorService threads = Executors.newCachedThreadPool();

  @AfterEach
  void close() {
    threads.shutdownNow();
    first.close();
    second.close();
  }

  @Test
  void anotherInstancesResponseAnswersTheLeaderAndTheRequestsWaitingForIt() throws Exception {
    Chain chain = new Chain(200, List.of(Map.entry("Content-Type", "text/plain")), "ada", null);
    Future<?> firstLeader = threads.submit(() -> serve(first, key(first, "x"), chain));
    assertThat(chain.entered.await(WAIT, TimeUnit.SECONDS)).isTrue();

    Chain notRun = new Chain(200, List.of(), "never", null);
    Future<?> secondLeader = threads.submit(() -> serve(second, key(second, "x"), notRun));
    assertThat(fleet.waiting.await(WAIT, TimeUnit.SECONDS)).isTrue();
    Chain waiterChain = new Chain(200, List.of(), "never", null);
    second.serve(key(second, "x"), NONE, waiterChain);
    assertThat(waiterChain.suspended).isTrue();

    chain.release.countDown();
    firstLeader.get(WAIT, TimeUnit.SECONDS);
    secondLeader.get(WAIT, TimeUnit.SECONDS);

    SharedResponse leaderGot = notRun.replayed.get(WAIT, TimeUnit.SECONDS);
    assertThat(leaderGot.status()).isEqualTo(200);
    assertThat(leaderGot.headers()).containsExactly(Map.entry("Content-Type", "text/plain"));
    assertThat(leaderGot.bodyCopy()).asString(UTF_8).isEqualTo("ada");
    assertThat(waiterChain.replayed.get(WAIT, TimeUnit.SECONDS).bodyCopy())
        .asString(UTF_8)
        .isEqualTo("ada");
    assertThat(notRun.recorded).as("the second instance ran no chain").isZero();
    assertThat(chain.recorded).isEqualTo(1);
    assertThat(fleet.calls).isEqualTo(1);
    assertThat(outcomes)
        .map(AtomicReference::get)
        .containsExactlyInAnyOrder("first LED", "second JOINED_ELSEWHERE", "second JOINED");
  }

  /**
   * Hazard: a write's response leaves before the other instances know of it, and a read its
   * client sends next to another instance joins a call from before the write. The write is told
   * to the tier, and the server learns that it may let the response leave only once the tier
   * counted it: a blocking server returns then, a non-blocking one has a stage that completes
   * then.
   */
  @Test
  void aWriteReturnsOnceTheFleetCountedIt() throws Exception {
    CompletionStage<Void> nonBlocking = first.writtenAsync("/x");
    Future<?> blocking = threads.submit(() -> second.written("/x"));

    while (fleet.writes < 2) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
    assertThat(nonBlocking.toCompletableFuture()).isNotDone();
    assertThatThrownBy(() -> blocking.get(100, TimeUnit.MILLISECONDS))
        .isInstanceOf(TimeoutException.class);
    fleet.counted.complete(null);
    blocking.get(WAIT, TimeUnit.SECONDS);
    assertThat(nonBlocking.toCompletableFuture()).isCompleted();
  }

  /**
   * A server on an event loop: the second instance's leader waits for the first's chain without
   * a thread (its stage is pending while nothing of it runs), then replays its response through
   * a resume, as does the request waiting for it there.
   */
  @Test
  void aLeaderThatMayNotBlockTakesAnotherInstancesResponseWithoutAThread() throws Exception {
    Chain chain = new Chain(200, List.of(Map.entry("Content-Type", "text/plain")), "ada", null);
    Future<?> firstLeader = threads.submit(() -> serve(first, key(first, "x"), chain));
    assertThat(chain.entered.await(WAIT, TimeUnit.SECONDS)).isTrue();

    Chain notRun = new Chain(200, List.of(), "never", null).onEventLoop(second);
    CompletionStage<?> secondLeader = second.serve(key(second, "x"), NONE, notRun);
    assertThat(fleet.waiting.await(WAIT, TimeUnit.SECONDS)).isTrue();
    assertThat(secondLeader.toCompletableFuture()).as("waits without a thread").isNotDone();
    Chain waiterChain = new Chain(200, List.of(), "never", null).onEventLoop(second);
    second.serve(key(second, "x"), NONE, waiterChain);

    chain.release.countDown();
    firstLeader.get(WAIT, TimeUnit.SECONDS);
    secondLeader.toCompletableFuture().get(WAIT, TimeUnit.SECONDS);

    assertThat(notRun.replayed.get(WAIT, TimeUnit.SECONDS).bodyCopy())
        .asString(UTF_8)
        .isEqualTo("ada");
    assertThat(notRun.resumed).as("replayed after a resume, off the tier's thread").isOne();
    assertThat(waiterChain.replayed.get(WAIT, TimeUnit.SECONDS).bodyCopy())
        .asString(UTF_8)
        .isEqualTo("ada");
    assertThat(notRun.recorded).isZero();
    assertThat(outcomes)
        .map(AtomicReference::get)
        .containsExactlyInAnyOrder("first LED", "second JOINED_ELSEWHERE", "second JOINED");
  }

  /**
   * A leader on an event loop runs the chain for the fleet after a resume, and its stage
   * completes once the tier holds the response, which the other instance's leader takes.
   */
  @Test
  void aLeaderThatMayNotBlockRunsTheChainForTheFleetAfterAResume() throws Exception {
    Chain chain = new Chain(200, List.of(), "ada", null).onEventLoop(first);
    CompletionStage<?> firstLeader = first.serve(key(first, "x"), NONE, chain);
    assertThat(chain.entered.await(WAIT, TimeUnit.SECONDS)).isTrue();
    Chain notRun = new Chain(200, List.of(), "never", null);
    Future<?> secondLeader = threads.submit(() -> serve(second, key(second, "x"), notRun));
    assertThat(fleet.waiting.await(WAIT, TimeUnit.SECONDS)).isTrue();

    chain.release.countDown();
    firstLeader.toCompletableFuture().get(WAIT, TimeUnit.SECONDS);
    secondLeader.get(WAIT, TimeUnit.SECONDS);

    assertThat(chain.resumed).isOne();
    assertThat(chain.recorded).isOne();
    assertThat(notRun.replayed.get(WAIT, TimeUnit.SECONDS).bodyCopy())
        .asString(UTF_8)
        .isEqualTo("ada");
    assertThat(fleet.calls).isEqualTo(1);
  }

  /** Nothing comes of the other instance's chain: the leader on an event loop runs its own. */
  @Test
  void aLeaderThatMayNotBlockRunsItsOwnChainWhenNothingCrosses() throws Exception {
    Chain firstChain =
        new Chain(200, List.of(Map.entry("Set-Cookie", "session=alice")), "alice's", null);
    Future<?> firstLeader = threads.submit(() -> serve(first, key(first, "x"), firstChain));
    assertThat(firstChain.entered.await(WAIT, TimeUnit.SECONDS)).isTrue();
    Chain secondChain = new Chain(200, List.of(), "own", null).onEventLoop(second);
    CompletionStage<?> secondLeader = second.serve(key(second, "x"), NONE, secondChain);
    assertThat(fleet.waiting.await(WAIT, TimeUnit.SECONDS)).isTrue();
    secondChain.release.countDown();

    firstChain.release.countDown();
    firstLeader.get(WAIT, TimeUnit.SECONDS);
    secondLeader.toCompletableFuture().get(WAIT, TimeUnit.SECONDS);

    assertThat(secondChain.recorded).as("its own chain, after the first's").isOne();
    assertThat(secondChain.resumed).isOne();
    assertThat(secondChain.replayed).isNotDone();
  }

  @Test
  void aResponseThatVariesOnAHeaderOutsideTheKeyStaysOnItsInstance() throws Exception {
    assertEachInstanceRunsItsOwnChain(
        new Chain(200, List.of(Map.entry("Vary", "X-Edition")), "for one edition", null),
        new Chain(200, List.of(), "own", null));
  }

  @Test
  void aResponseThatMayNotBeSharedStaysOnItsInstance() throws Exception {
    assertEachInstanceRunsItsOwnChain(
        new Chain(200, List.of(Map.entry("Set-Cookie", "session=alice")), "alice's", null),
        new Chain(200, List.of(), "own", null));
  }

  @Test
  void aDetailTheAdapterCannotWriteKeepsTheResponseOnItsInstance() throws Exception {
    assertEachInstanceRunsItsOwnChain(
        new Chain(200, List.of(), "ada", "detail"), new Chain(200, List.of(), "own", null));
  }

  @Test
  void aDetailItsCodecDoesNotReadToItsEndKeepsTheResponseOnItsInstance() throws Exception {
    DetailCodec<Object> textAndMore =
        new DetailCodec<>() {
          @Override
          public void write(Object detail, DataOutput out) throws IOException {
            TEXT.write(detail, out);
            out.writeInt(7);
          }

          @Override
          public Object read(DataInput in) throws IOException {
            return TEXT.read(in);
          }
        };
    assertEachInstanceRunsItsOwnChain(
        new Chain(200, List.of(), "ada", "detail").writingDetails(textAndMore),
        new Chain(200, List.of(), "own", null).writingDetails());
  }

  @Test
  void aDetailTheAdapterWritesCrossesWithTheResponse() throws Exception {
    Chain chain = new Chain(200, List.of(), "ada", "detail").writingDetails();
    Future<?> firstLeader = threads.submit(() -> serve(first, key(first, "x"), chain));
    assertThat(chain.entered.await(WAIT, TimeUnit.SECONDS)).isTrue();
    Chain notRun = new Chain(200, List.of(), "never", null).writingDetails();
    Future<?> secondLeader = threads.submit(() -> serve(second, key(second, "x"), notRun));
    assertThat(fleet.waiting.await(WAIT, TimeUnit.SECONDS)).isTrue();

    chain.release.countDown();
    firstLeader.get(WAIT, TimeUnit.SECONDS);
    secondLeader.get(WAIT, TimeUnit.SECONDS);

    assertThat(notRun.replayed.get(WAIT, TimeUnit.SECONDS).detail()).isEqualTo("read:detail");
    assertThat(notRun.recorded).isZero();
  }

  @Test
  void aKeyWithAPartAnotherInstanceCannotCompareNeverReachesTheFleet() throws Exception {
    CollapseKey local =
        first
            .rules()
            .keyFor(
                RequestTarget.builder("GET", URI.create("http://backend.test/users/1"))
                    .headers(NONE)
                    .identity(new Object())
                    .build());
    Chain chain = new Chain(200, List.of(), "ada", null);
    chain.release.countDown();

    serve(first, local, chain);

    assertThat(chain.recorded).isEqualTo(1);
    assertThat(fleet.keys).isEmpty();
  }

  @Test
  void requestsThatDifferInTheirKeyAskTheFleetWithDifferentKeys() {
    List<String> alice = fleetKey(first, key(first, "alice"));
    List<String> bob = fleetKey(first, key(first, "bob"));
    assertThat(alice).isNotNull().isEqualTo(fleetKey(second, key(second, "alice")));
    assertThat(alice).isNotEqualTo(bob);
  }

  private static @Nullable List<String> fleetKey(ServerCollapser instance, CollapseKey key) {
    return ((FleetLeaderCall) instance.protocol().leaderCall()).key(key);
  }

  /** The second instance's leader waits for the first's chain, then finds nothing to take. */
  private void assertEachInstanceRunsItsOwnChain(Chain firstChain, Chain secondChain)
      throws Exception {
    Future<?> firstLeader = threads.submit(() -> serve(first, key(first, "x"), firstChain));
    assertThat(firstChain.entered.await(WAIT, TimeUnit.SECONDS)).isTrue();
    Future<?> secondLeader = threads.submit(() -> serve(second, key(second, "x"), secondChain));
    assertThat(fleet.waiting.await(WAIT, TimeUnit.SECONDS)).isTrue();
    assertThat(secondChain.recorded).isZero();
    secondChain.release.countDown();

    firstChain.release.countDown();
    firstLeader.get(WAIT, TimeUnit.SECONDS);
    secondLeader.get(WAIT, TimeUnit.SECONDS);

    assertThat(firstChain.recorded).isEqualTo(1);
    assertThat(secondChain.recorded).as("its own chain, after the first's").isEqualTo(1);
    assertThat(secondChain.replayed).isNotDone();
  }

  private static Void serve(ServerCollapser collapser, @Nullable CollapseKey key, Chain chain)
      throws Exception {
    collapser.serve(key, NONE, chain).toCompletableFuture().get(WAIT, TimeUnit.SECONDS);
    return null;
  }

  /** Returns an instance's collapser, whose requests' observations tell {@link #outcomes}. */
  private ServerCollapser collapser(String instance) {
    return new ServerCollapser(
        HttpCollapseOptions.builder()
            .group(CollapseGroup.ofUris("/users/*"))
            .observations(
                options ->
                    new CallObserver() {
                      @Override
                      public Caller caller(@Nullable Object observation) {
                        AtomicReference<String> last = new AtomicReference<>();
                        outcomes.add(last);
                        return new Caller() {
                          @Override
                          public void outcome(CallerOutcome outcome, @Nullable String reason) {
                            last.set(
                                instance + " "
                                    + outcome); // a later outcome replaces an earlier one
                          }

                          @Override
                          public void linkTo(@Nullable SharedCall call) {}
                        };
                      }

                      @Override
                      public SharedCall sharedCall(
                          String executorName, CollapseKey key, Caller leader) {
                        return SharedCall.NONE;
                      }
                    })
            .fleet(fleet)
            .build(),
        "servlet");
  }

  /** The key of a request of {@code caller}, as a server adapter builds it. */
  private static CollapseKey key(ServerCollapser collapser, String caller) {
    return collapser
        .rules()
        .keyFor(
            RequestTarget.builder("GET", URI.create("http://backend.test/users/1"))
                .headers(NONE)
                .identity(List.of(caller, 8080))
                .build());
  }

  /**
   * One instance's run of the chain for a request, recorded on the thread of the request once
   * {@link #release} opens.
   */
  private static final class Chain implements ServerExchange<RuntimeException> {

    private final int status;
    private final List<Map.Entry<String, @Nullable String>> headers;
    private final String body;
    private final @Nullable Object detail;
    private final CountDownLatch entered = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final CompletableFuture<SharedResponse> replayed = new CompletableFuture<>();
    private volatile int recorded;
    private volatile boolean suspended;
    private volatile int resumed;
    private @Nullable DetailCodec<?> details;
    private @Nullable ServerCollapser eventLoopOf;

    Chain(
        int status,
        List<Map.Entry<String, @Nullable String>> headers,
        String body,
        @Nullable Object detail) {
      this.status = status;
      this.headers = headers;
      this.body = body;
      this.detail = detail;
    }

    Chain writingDetails() {
      return writingDetails(TEXT);
    }

    Chain writingDetails(DetailCodec<?> codec) {
      details = codec;
      return this;
    }

    /**
     * Makes this a request whose thread must not block, which goes on through {@code collapser}
     * on a thread of its own, as WebFlux's does on Reactor's scheduler.
     */
    Chain onEventLoop(ServerCollapser collapser) {
      eventLoopOf = collapser;
      return this;
    }

    @Override
    public boolean mayBlock() {
      return eventLoopOf == null;
    }

    @Override
    public CompletionStage<?> proceed() {
      throw new AssertionError("every request here collapses");
    }

    @Override
    public CompletionStage<?> record(ResponseRecording recording) {
      entered.countDown();
      try {
        assertThat(release.await(WAIT, TimeUnit.SECONDS)).isTrue();
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
      recorded++;
      recording.recorded(status, headers, body.getBytes(UTF_8), detail);
      return DONE;
    }

    @Override
    public CompletionStage<?> replay(SharedResponse shared) {
      replayed.complete(shared);
      return DONE;
    }

    @Override
    public boolean suspend(Runnable leave) {
      suspended = true;
      return true;
    }

    @Override
    public CompletionStage<?> resume(ServerCollapser.@Nullable Continuation next) {
      ServerCollapser collapser = eventLoopOf;
      if (collapser == null) {
        throw new AssertionError("no request here runs the chain after a wait");
      }
      resumed++;
      return CompletableFuture.supplyAsync(
              () -> {
                try {
                  return collapser.resume(next, this);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              })
          .thenCompose(stage -> stage);
    }

    @Override
    public @Nullable DetailCodec<?> detailCodec() {
      return details;
    }
  }

  /**
   * A fleet tier in memory: the first call for a key runs, the calls for it meanwhile wait for
   * what it returns and, when that is nothing, make their own.
   */
}
