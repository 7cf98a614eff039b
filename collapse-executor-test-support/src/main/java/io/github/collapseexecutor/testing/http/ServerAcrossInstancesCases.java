package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.FleetOptions;
import io.github.collapseexecutor.redis.FleetTestAccess;
import io.github.collapseexecutor.redis.RedisFleet;
import io.github.collapseexecutor.testing.LocalRedis;
import io.github.collapseexecutor.testing.LoggedRecords;
import io.github.collapseexecutor.testing.TestFleet;
import io.github.collapseexecutor.testing.redis.RedisServer;
import io.lettuce.core.RedisURI;
import java.io.IOException;
import java.net.Socket;
import java.text.MessageFormat;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The cases every server filter passes across two instances of one application, on one port of
 * two loopback addresses as behind a balancer, collapsing through the fleet tier on the Redis on
 * 127.0.0.1:6379 (skipped without it): a request that leads its key on the second instance takes
 * the response of the first instance's chain, headers the handler set included, where a request
 * with another credential runs its own; Redis never holds the credential or the path; a read after
 * a write completed on either instance runs its own chain, never an older one of the other; when
 * the first instance dies mid-call, the second runs its own once the first's lease ends; a Redis
 * frozen under steady reads (a redis-server of the case's own) fails none and holds none until it
 * thaws; and instances on other ports share nothing and warn of it.
 *
 * <p>A filter's test class starts an instance of its server ({@link #start}) whose handler for
 * {@code GET /quotes/{symbol}} answers with {@link #answer}, on its thread, or
 * {@link #answerLater}, without one.
 */
public abstract class ServerAcrossInstancesCases {

  /** The header each answer names its instance in. */
  protected static final String SOURCE = "X-Quote-Source";

  /** How long Redis stays frozen in the case of a frozen Redis. */
  private static final Duration FREEZE = Duration.ofSeconds(4);

  /** How long a handler works in the case of a frozen Redis. */
  private static final Duration HANDLER = Duration.ofMillis(200);

  /** The rounds of the cases of a read after a write on another instance. */
  private static final int ROUNDS = 20;

  private final HeldAnswers answers = new HeldAnswers();
  private final QuoteCallers callers = new QuoteCallers();
  private final Deque<AutoCloseable> closing = new ArrayDeque<>();
  private final TestFleet fleet = new TestFleet();

  /** Where the second instance gives each request its place. */
  private final Placements secondPlacements = new Placements();

  private FleetCoordinator firstCoordinator;
  private FleetCoordinator secondCoordinator;
  private int port;
  private final String secondAddress = "127.0.0.2";

  /**
   * Starts an instance, named {@code name}, of an application behind the filter with
   * {@code options}, on {@code port} (0 for any) of {@code address}; returns what stops it, which
   * also says its port.
   */
  protected abstract Instance start(
      String name, String address, int port, HttpCollapseOptions options) throws Exception;

  /**
   * A running instance: its port, and what stops it (its server, then its filter).
   *
   * @param port the port it listens on
   * @param parts what to close, in order, when the case ends
   */
  protected record Instance(int port, List<AutoCloseable> parts) implements AutoCloseable {

    /** Takes the port and the parts to close, in order. */
    public Instance(int port, AutoCloseable... parts) {
      this(port, List.of(parts));
    }

    @Override
    public void close() {
      for (AutoCloseable part : parts) {
        try {
          part.close();
        } catch (Exception e) {
          throw new IllegalStateException("the instance did not stop", e);
        }
      }
    }
  }

  /**
   * Answers a request of the instance named {@code name}, on the calling thread, once the case
   * lets it: the body, whose {@link #SOURCE} header the handler sets to the name.
   */
  protected final String answer(String name) throws IOException {
    return answers.answer(name);
  }

  /** {@link #answer} without holding a thread: the stage of the body. */
  protected final CompletableFuture<String> answerLater(String name) {
    return answers.answerLater(name);
  }

  /**
   * Waits, at most 30 s, until the instance named {@code name} has seen {@code count} of its
   * clients go away while their requests were in the filter. Nothing to wait for by default: a
   * servlet container notices a client that went away only when it writes to it.
   */
  protected void awaitClientsGone(String name, int count) throws Exception {}

  @BeforeEach
  void redis() {
    LocalRedis.assumeRunning();
  }

  @AfterEach
  void stop() throws Exception {
    answers.release();
    callers.close();
    while (!closing.isEmpty()) {
      closing.pop().close();
    }
  }

  @Test
  void theSecondInstanceTakesTheResponseOfTheFirstInstancesChain() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          startBoth(FleetOptions.DEFAULT_LEASE_TIME);
          CompletableFuture<String> first = call("127.0.0.1", "Bearer token-of-alice-123");
          assertThat(answers.awaitEntered()).isTrue();
          CompletableFuture<String> second = call(secondAddress, "Bearer token-of-alice-123");
          FleetTestAccess.awaitWatching(secondCoordinator, 1);
          List<String> keyspace = fleet.keyspace();

          answers.release();

          assertThat(first.get(30, TimeUnit.SECONDS)).contains("quote 1 from first");
          assertThat(second.get(30, TimeUnit.SECONDS))
              .contains("quote 1 from first")
              .containsIgnoringCase(SOURCE + ": first");
          assertThat(answers.calls()).isEqualTo(1);
          keyspace.addAll(fleet.keyspace());
          assertThat(keyspace)
              .isNotEmpty()
              .noneMatch(text -> text.contains("token-of-alice") || text.contains("/quotes/acme"));
        });
  }

  @Test
  void aRequestWithAnotherCredentialRunsItsOwnChain() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          startBoth(FleetOptions.DEFAULT_LEASE_TIME);
          CompletableFuture<String> first = call("127.0.0.1", "Bearer token-of-alice-123");
          assertThat(answers.awaitEntered()).isTrue();
          CompletableFuture<String> second = call(secondAddress, "Bearer token-of-bob-456");
          assertThat(answers.awaitEntered())
              .as("bob's request reaches the application itself")
              .isTrue();

          answers.release();

          assertThat(first.get(30, TimeUnit.SECONDS)).contains("from first");
          assertThat(second.get(30, TimeUnit.SECONDS)).contains("from second");
          assertThat(answers.calls()).isEqualTo(2);
        });
  }

  /**
   * Hazard: the instance that runs the chain for the fleet dies mid-call and never publishes. Its
   * lease ends, and the other instance's request runs its own chain then, well within its wait
   * timeout.
   */
  @Test
  @SuppressWarnings("FutureReturnValueIgnored") // the first call's instance dies before it ends
  void whenTheInstanceThatRunsTheChainDiesTheOtherRunsItsOwnOnceTheLeaseEnds() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          // long enough that the second request arrives while the lease holds, however busy the
          // machine
          startBoth(Duration.ofSeconds(4));
          call("127.0.0.1", "Bearer token-of-alice-123");
          assertThat(answers.awaitEntered()).isTrue();
          firstCoordinator.close(); // as far as the fleet knows, the instance is gone

          CompletableFuture<String> second = call(secondAddress, "Bearer token-of-alice-123");
          assertThat(answers.awaitEntered())
              .as("the second instance runs its own chain once the lease ended")
              .isTrue();
          answers.release();

          assertThat(second.get(30, TimeUnit.SECONDS)).contains("quote 2 from second");
          assertThat(secondCoordinator.stats().leaseLost()).isEqualTo(1);
        });
  }

  /**
   * Hazard: a read that arrives after a write its instance completed takes the response of
   * another instance's chain that started before the write, and goes back in time. It runs its
   * own chain instead, once the write is done; the other instance's request keeps its own.
   */
  @Test
  void aReadAfterAWriteOnItsInstanceDoesNotTakeAnOlderChainOfAnother() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          startBoth(FleetOptions.DEFAULT_LEASE_TIME);
          CompletableFuture<String> first = call("127.0.0.1", "Bearer token-of-alice-123");
          assertThat(answers.awaitEntered()).isTrue();
          RawHttp.exchange(
              secondAddress,
              port,
              "POST /quotes/acme HTTP/1.1\r\nHost: quotes.example\r\nContent-Length: 0\r\n");

          CompletableFuture<String> second = call(secondAddress, "Bearer token-of-alice-123");
          assertThat(answers.awaitEntered())
              .as("the second instance runs its own chain after its write")
              .isTrue();
          answers.release();

          assertThat(second.get(30, TimeUnit.SECONDS)).contains("from second");
          assertThat(first.get(30, TimeUnit.SECONDS)).contains("from first");
          assertThat(secondCoordinator.stats().overtaken()).isEqualTo(1);
          assertThat(answers.calls()).isEqualTo(2);
        });
  }

  /**
   * Hazard: a read on one instance after a write completed on another takes the response of a
   * chain the other started before the write, and goes back in time: a user behind a balancer
   * saves on one instance and reads the old value through the next. Round after round, a read is
   * held in the first instance's handler, a write completes on the first instance, and then a read
   * reaches the second: it runs its own chain every time, and none answers from the first's.
   */
  @Test
  void aReadAfterAWriteOnAnotherInstanceNeverTakesTheChainThatStartedBeforeIt() {
    assertTimeoutPreemptively(
        Duration.ofMinutes(2),
        () -> {
          startBoth(FleetOptions.DEFAULT_LEASE_TIME);

          int stale = readsOnTheSecondInstanceFromTheFirst(/* afterAWrite= */ true);

          assertThat(stale)
              .as("reads on the second instance answered from before the write")
              .isZero();
          assertThat(secondCoordinator.stats().overtaken()).isEqualTo(ROUNDS);
          assertThat(secondCoordinator.stats().joined()).isZero();
          assertThat(answers.calls()).isEqualTo(2 * ROUNDS);
        });
  }

  /**
   * The control of the rounds above: the same rounds without the write, in which the read on the
   * second instance takes the response of the first instance's chain every time.
   */
  @Test
  void withoutAWriteTheReadOnTheOtherInstanceTakesTheHeldChainEveryRound() {
    assertTimeoutPreemptively(
        Duration.ofMinutes(2),
        () -> {
          startBoth(FleetOptions.DEFAULT_LEASE_TIME);

          int joins = readsOnTheSecondInstanceFromTheFirst(/* afterAWrite= */ false);

          assertThat(joins).isEqualTo(ROUNDS);
          assertThat(secondCoordinator.stats().joined()).isEqualTo(ROUNDS);
          assertThat(secondCoordinator.stats().overtaken()).isZero();
          assertThat(answers.calls()).isEqualTo(ROUNDS);
        });
  }

  /**
   * Regression: two instances on other ports, which are part of every key, shared nothing and
   * said nothing of it, while their state looked healthy and counted joins. A request that the
   * first instance's local collapse keeps apart (received on another of its addresses) takes its
   * own instance's chain through the tier, which is no join of another instance; the second
   * instance runs its own chain for the same request on its port; both warn, a probe interval or
   * a few later, naming both ports; and neither counts a join.
   */
  @Test
  void instancesOnOtherPortsRunTheirOwnChainsAndWarnNamingBothPorts() {
    assertTimeoutPreemptively(
        Duration.ofMinutes(1),
        () -> {
          LoggedRecords logged = LoggedRecords.of(FleetCoordinator.class);
          closing.push(logged);
          firstCoordinator = fleet.connect();
          closing.push(firstCoordinator);
          port = instance("first", "0.0.0.0", 0, firstCoordinator);
          secondCoordinator = fleet.connect();
          closing.push(secondCoordinator);
          int otherPort = instance("second", secondAddress, 0, secondCoordinator);

          CompletableFuture<String> first = call("127.0.0.1", "Bearer token-of-alice-123");
          assertThat(answers.awaitEntered()).isTrue();
          CompletableFuture<String> firstElsewhere =
              call(secondAddress, "Bearer token-of-alice-123");
          FleetTestAccess.awaitWatching(firstCoordinator, 1);
          CompletableFuture<String> second =
              callers.call(secondAddress, otherPort, "Bearer token-of-alice-123");
          assertThat(answers.awaitEntered())
              .as("the request on the other port reaches its own instance's application")
              .isTrue();
          answers.release();

          assertThat(first.get(30, TimeUnit.SECONDS)).contains("quote 1 from first");
          assertThat(firstElsewhere.get(30, TimeUnit.SECONDS)).contains("quote 1 from first");
          assertThat(second.get(30, TimeUnit.SECONDS)).contains("from second");
          awaitTrue(
              () -> portWarnings(logged).size() >= 2,
              () -> "both instances to warn of the other's port: " + portWarnings(logged));
          assertThat(portWarnings(logged))
              .hasSize(2)
              .allSatisfy(
                  warning -> assertThat(warning).contains("[" + port + "]", "[" + otherPort + "]"));
          assertThat(firstCoordinator.stats().joinedOwn()).isEqualTo(1);
          for (FleetCoordinator instance : List.of(firstCoordinator, secondCoordinator)) {
            assertThat(instance.stats().joined()).isZero();
            assertThat(instance.stats().othersJoined()).isZero();
          }
          assertThat(answers.calls()).isEqualTo(2);
        });
  }

  /** Returns the warnings {@code logged} of an instance with no port in common, formatted. */
  private static List<String> portWarnings(LoggedRecords logged) {
    return logged.records().stream()
        .filter(record -> Level.WARNING.equals(record.getLevel()))
        .map(record -> MessageFormat.format(record.getMessage(), record.getParameters()))
        .filter(message -> message.contains("no port in common"))
        .toList();
  }

  /**
   * Hazard: Redis freezes (SIGSTOP) under steady reads on both instances. Its connections stay
   * open and no end comes, so an instance whose requests all wait for the other instance's chain
   * sends Redis nothing that could fail, and held them until its probe ran (here long after the
   * freeze) or Redis thawed. No request fails, every one in flight as Redis froze is answered
   * before it thaws, and each instance answers requests sent while it is frozen. How long they
   * took is printed, against the coordination timeout, the handler and 100 ms: an order and a
   * count are asserted rather than a time, which a busy machine stretches.
   */
  @Test
  void aFrozenRedisFailsNoRequestAndHoldsNoneUntilItThaws() {
    assertTimeoutPreemptively(
        Duration.ofMinutes(2),
        () -> {
          RedisServer redis = RedisServer.builder().start();
          closing.push(redis);
          FleetOptions options =
              FleetOptions.builder(TestFleet.SECRET)
                  // no probe from the first one, as the instance starts, to long after the
                  // freeze: only the check of the waits can free a request that waits for the
                  // other instance's chain
                  .probeInterval(Duration.ofMinutes(1))
                  .build();
          firstCoordinator = connect(redis, options);
          port = instance("first", "127.0.0.1", 0, firstCoordinator);
          secondCoordinator = connect(redis, options);
          instance("second", secondAddress, port, secondCoordinator);
          answers.work(HANDLER.toNanos());
          answers.release();
          SteadyReads steady = new SteadyReads(List.of("127.0.0.1", secondAddress), port, 3);
          closing.push(steady);
          steady.awaitEach(20);
          // Redis freezes while a request of one instance waits for a chain of the other that
          // the case holds until then; the chain's end, once the handler worked, is lost
          answers.hold();
          assertThat(answers.awaitEntered()).isTrue();
          awaitTrue(
              () ->
                  FleetTestAccess.watching(firstCoordinator)
                          + FleetTestAccess.watching(secondCoordinator)
                      > 0,
              () -> "a request of one instance to wait for the other's chain");
          long frozen = System.nanoTime();
          redis.freeze();
          answers.release();
          Thread.sleep(FREEZE.toMillis()); // how long the fault lasts, not a wait for an event
          long thawed = System.nanoTime();
          redis.thaw();
          steady.awaitEach(20);
          List<SteadyReads.Read> reads = steady.stop();

          List<SteadyReads.Read> inFlight =
              reads.stream().filter(read -> read.inFlightBetween(frozen, thawed)).toList();
          List<SteadyReads.Read> caught =
              inFlight.stream().filter(read -> read.inFlightBetween(frozen, frozen + 1)).toList();
          List<SteadyReads.Read> sentFrozen =
              inFlight.stream().filter(read -> read.startNanos() - frozen > 0).toList();
          // what the machine itself costs a read, Redis answering again
          List<SteadyReads.Read> sentThawed =
              reads.stream().filter(read -> read.startNanos() - thawed > 0).toList();
          long bound = options.coordinationTimeout().plus(HANDLER).toMillis() + 100;
          // the reads caught by the freeze waited for the held chain before it: what the freeze
          // cost them is from the freeze on
          System.out.printf(
              "Redis frozen %d s under steady reads: %d failed of %d; of %d sent while frozen,"
                  + " the worst took %d ms (%d over %d ms, the coordination timeout, the handler"
                  + " and 100 ms); of %d in flight as it froze, the last was answered %d ms after"
                  + " the freeze; of %d sent after the thaw, on the same machine, the worst took"
                  + " %d ms%n",
              FREEZE.toSeconds(),
              reads.stream().filter(read -> read.failure() != null).count(),
              reads.size(),
              sentFrozen.size(),
              sentFrozen.stream().mapToLong(SteadyReads.Read::millis).max().orElse(0),
              sentFrozen.stream().filter(read -> read.millis() > bound).count(),
              bound,
              caught.size(),
              caught.stream()
                  .mapToLong(read -> TimeUnit.NANOSECONDS.toMillis(read.endNanos() - frozen))
                  .max()
                  .orElse(0),
              sentThawed.size(),
              sentThawed.stream().mapToLong(SteadyReads.Read::millis).max().orElse(0));
          assertThat(reads).allSatisfy(read -> assertThat(read.failure()).isNull());
          assertThat(caught)
              .as("the reads in flight as Redis froze")
              .isNotEmpty()
              .allSatisfy(read -> assertThat(read.endNanos() - thawed).isNegative());
          assertThat(sentFrozen)
              .filteredOn(read -> read.endNanos() - thawed < 0)
              .as("reads sent and answered while Redis was frozen")
              .extracting(SteadyReads.Read::address)
              .contains("127.0.0.1", secondAddress);
        });
  }

  /**
   * Hazard: the request that leads its key on the second instance loses its client while it
   * waits for the first instance's chain, which then fails. The requests behind it on the second
   * instance share one chain run there, as they would behind a leader whose client left during
   * its own run, rather than each running its own.
   */
  @Test
  void theRequestsBehindALeaderWhoseClientLeftShareOneChainWhenTheOtherInstanceFails() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          startBoth(FleetOptions.DEFAULT_LEASE_TIME);
          answers.failIn("first");
          CompletableFuture<String> first = call("127.0.0.1", "Bearer token-of-alice-123");
          assertThat(answers.awaitEntered()).isTrue();
          Socket leaving =
              RawHttp.send(secondAddress, port, QuoteCallers.request("Bearer token-of-alice-123"));
          closing.push(leaving);
          FleetTestAccess.awaitWatching(secondCoordinator, 1);
          secondPlacements.await(1);
          CompletableFuture<String> behind = call(secondAddress, "Bearer token-of-alice-123");
          CompletableFuture<String> alsoBehind = call(secondAddress, "Bearer token-of-alice-123");
          secondPlacements.await(3);
          assertThat(answers.calls()).as("the requests behind the leader wait for it").isEqualTo(1);
          leaving.close();
          awaitClientsGone("second", 1);

          answers.release();

          assertThat(first.get(30, TimeUnit.SECONDS)).doesNotContain("quote");
          assertThat(behind.get(30, TimeUnit.SECONDS)).contains("quote 2 from second");
          assertThat(alsoBehind.get(30, TimeUnit.SECONDS)).contains("quote 2 from second");
          assertThat(answers.calls())
              .as("chain runs: the first instance's and one on the second")
              .isEqualTo(2);
        });
  }

  /**
   * Runs the {@link #ROUNDS} rounds of the cases of a read after a write ({@link
   * #readOnTheSecondInstance}); returns in how many the read on the second instance answered from
   * the first instance's chain.
   */
  private int readsOnTheSecondInstanceFromTheFirst(boolean afterAWrite) throws Exception {
    int fromTheFirst = 0;
    for (int round = 0; round < ROUNDS; round++) {
      if (readOnTheSecondInstance(afterAWrite).contains("from first")) {
        fromTheFirst++;
      }
    }
    return fromTheFirst;
  }

  /**
   * One round of the cases of a read after a write: holds a read in the first instance's handler,
   * completes a write on the first instance if {@code afterAWrite}, sends a read to the second and
   * waits until it is in place (in its own handler, or waiting for the first instance's chain),
   * then lets both answer. Returns everything the second instance answered.
   */
  private String readOnTheSecondInstance(boolean afterAWrite) throws Exception {
    answers.hold();
    CompletableFuture<String> held = call("127.0.0.1", "Bearer token-of-alice-123");
    assertThat(answers.awaitEntered()).isTrue();
    if (afterAWrite) {
      RawHttp.exchange(
          "127.0.0.1",
          port,
          "POST /quotes/acme HTTP/1.1\r\nHost: quotes.example\r\nContent-Length: 0\r\n");
    }
    CompletableFuture<String> read = call(secondAddress, "Bearer token-of-alice-123");
    awaitTrue(
        () ->
            answers.enteredNow()
                || FleetTestAccess.watching(secondCoordinator) > 0
                || read.isDone(),
        () -> "the read on the second instance to run its chain or wait for the first's");
    answers.release();

    assertThat(held.get(30, TimeUnit.SECONDS)).contains("from first");
    return read.get(30, TimeUnit.SECONDS);
  }

  /** Connects an instance's coordinator to a Redis of the case's own, and waits for it. */
  private FleetCoordinator connect(RedisServer redis, FleetOptions options) throws Exception {
    FleetCoordinator coordinator = FleetCoordinator.connect(RedisURI.create(redis.uri()), options);
    closing.push(coordinator);
    FleetTestAccess.awaitCoordinating(coordinator);
    return coordinator;
  }

  /** Waits, at most 30 s, checking every 100 µs, until {@code condition} holds. */
  private static void awaitTrue(BooleanSupplier condition, Supplier<String> what) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime() - deadline).as(what).isNegative();
      LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(100));
    }
  }

  /** Starts both instances, whose leases last {@code leaseTime}. */
  private void startBoth(Duration leaseTime) throws Exception {
    firstCoordinator = fleet.connect(leaseTime);
    closing.push(firstCoordinator);
    port = instance("first", "127.0.0.1", 0, firstCoordinator);
    secondCoordinator = fleet.connect(leaseTime);
    closing.push(secondCoordinator);
    instance("second", secondAddress, port, secondCoordinator);
  }

  private int instance(String name, String address, int onPort, FleetCoordinator coordinator)
      throws Exception {
    HttpCollapseOptions.Builder options =
        HttpCollapseOptions.builder()
            .group(CollapseGroup.ofUris("/quotes/*"))
            .fleet(RedisFleet.of(coordinator));
    if (address.equals(secondAddress)) {
      options.observations(secondPlacements.observations());
    }
    Instance instance = start(name, address, onPort, options.build());
    closing.push(instance);
    return instance.port();
  }

  /** Sends a GET for the same quote as every caller does, to the instances' port. */
  private CompletableFuture<String> call(String address, String authorization) {
    return callers.call(address, port, authorization);
  }
}
