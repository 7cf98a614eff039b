package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.fleet.FleetStats.FallbackReason;
import io.github.collapseexecutor.fleet.FleetStats.FleetState;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Finds Redis, and finds it back after an outage or a configuration fault: once per {@link
 * FleetOptions#probeInterval()} it opens what is not open and checks that Redis takes what the tier
 * needs, turning the tier up when it does, down or misconfigured when not. Calls never wait for it.
 * It checks a key of its own, on a cluster one on each master: while some masters answer and
 * others do not, it turns the tier degraded, so that calls for the slots of those that do not
 * answer go on as local collapse until they answer again or their replicas took over, while the
 * other calls coordinate. While the tier coordinates, one small write per key shows that Redis
 * still takes writes (a full or paused one does not). Otherwise the probe rehearses a whole call of
 * its own on a key of its own: it watches the key's channel, claims the key, ends the call with a
 * result, hears the end and reads the result, so that the tier is up only once every command, key
 * and channel a call needs is allowed, and a fault that one call met is not taken for mended by a
 * write. While the tier coordinates, it also wakes the callers that wait for a call whose lease is
 * gone with no end heard ({@link #lookForGoneLeases}), and, far more often, that Redis still
 * answers while callers wait ({@link #checkWaits}). Each time Redis answers, it ends again the
 * calls of this instance whose end did not reach Redis ({@link UnendedLeases}).
 */
final class TierProbe implements AutoCloseable {

  /**
   * How long the probe waits for a new connection, and for a rehearsed call's end to be heard: a
   * JVM's first connection loads the client's network stack, which takes seconds on a loaded
   * machine, and no call waits for it.
   */
  private static final long CONNECT_WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);

  /**
   * How long the probe waits for Redis to answer a command, at least: a probe a little late on a
   * loaded machine is no outage; a call's own commands still stop at the coordination timeout.
   */
  private static final long PROBE_WRITE_WAIT_NANOS = TimeUnit.SECONDS.toNanos(1);

  /** How often the waits are checked at most, whatever the coordination timeout. */
  private static final long MIN_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

  /** How long a lease is seen gone before its callers are woken, at least. */
  static final long GONE_GRACE_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final RedisLink link;
  private final Publications publications;
  private final TierHealth health;
  private final Faults faults;
  private final RedisNames names;
  private final String token;
  private final FleetInstances instances;
  private final long probeTtlMillis;
  private final long connectNanos;
  private final long answerNanos;
  private final long intervalNanos;
  private final ScheduledExecutorService prober;

  /** When each call waited for was first seen without its lease, by digest and token. */
  private final Map<String, Long> goneSince = new ConcurrentHashMap<>();

  private final long goneGraceNanos;

  /** How long a call's command may take: the coordination timeout. */
  private final long timeoutNanos;

  /** Whether the probe tells the other instances about this one; tests that count commands not. */
  volatile boolean tellsInstances = true;

  /** Whether a check of the waits is under way: one at a time, however late Redis answers. */
  private final AtomicBoolean checking = new AtomicBoolean();

  /** Starts probing at once, on a daemon thread named after the tier. */
  // the schedule ends when close shuts the prober down, and a probe catches what it can throw,
  // so that no failure ends it unseen: its future holds nothing to read
  @SuppressWarnings("FutureReturnValueIgnored")
  TierProbe(
      RedisLink link,
      Publications publications,
      TierHealth health,
      Faults faults,
      RedisNames names,
      FleetInstances instances,
      FleetOptions options) {
    this.link = link;
    this.publications = publications;
    this.health = health;
    this.faults = faults;
    this.names = names;
    this.token = instances.self();
    this.instances = instances;
    this.probeTtlMillis = 3 * Math.max(1, options.probeInterval().toMillis());
    long timeoutNanos = options.coordinationTimeout().toNanos();
    this.connectNanos = Math.max(timeoutNanos, CONNECT_WAIT_NANOS);
    this.answerNanos = Math.max(timeoutNanos, PROBE_WRITE_WAIT_NANOS);
    this.intervalNanos = options.probeInterval().toNanos();
    this.goneGraceNanos = Math.max(intervalNanos, GONE_GRACE_NANOS);
    this.timeoutNanos = timeoutNanos;
    // two threads: the waits are checked while a probe waits for a Redis that does not answer
    this.prober =
        Executors.newScheduledThreadPool(
            2,
            runnable -> {
              Thread thread = new Thread(runnable, "collapse-fleet-probe-" + options.name());
              thread.setDaemon(true);
              return thread;
            });
    prober.scheduleWithFixedDelay(this::probe, 0, intervalNanos, TimeUnit.NANOSECONDS);
    long checkNanos = Math.max(timeoutNanos / 2, MIN_CHECK_NANOS);
    prober.scheduleWithFixedDelay(this::checkWaits, checkNanos, checkNanos, TimeUnit.NANOSECONDS);
  }

  /**
   * Bounds the waits for other instances' calls when Redis stops answering without closing its
   * connections (a frozen process, a network that drops packets): no end will come, and the
   * callers that wait would wait out the other instance's lease, or their own limit, while their
   * instance sends Redis nothing that could fail. While callers wait, every half coordination
   * timeout (at least {@link #MIN_CHECK_NANOS}) it reads the lease of one key they wait on, on
   * each master they wait on; a read not answered within the coordination timeout wakes the
   * callers that wait on that master, who make their own calls, and counts as a late command. A
   * caller so waits at most about one and a half coordination timeouts past the moment Redis
   * stopped answering, whichever instance's call it waited for.
   */
  @SuppressWarnings("FutureReturnValueIgnored") // the answers are handled where they arrive
  private void checkWaits() {
    if (!health.up() || !checking.compareAndSet(false, true)) {
      return;
    }
    Map<String, String> byMaster = new HashMap<>();
    for (String[] call : publications.unheardFor(0)) {
      byMaster.putIfAbsent(masterOf(call[0]), call[0]);
    }
    if (byMaster.isEmpty()) {
      checking.set(false);
      return;
    }
    AtomicInteger left = new AtomicInteger(byMaster.size());
    byMaster.forEach(
        (master, digest) ->
            link.leaseHolder(digest, timeoutNanos)
                .whenComplete(
                    (holder, failure) -> {
                      if (failure != null && health.up()) {
                        publications.releaseWhere(waited -> masterOf(waited).equals(master));
                        if (health.state() != FleetState.DEGRADED) {
                          // degraded, a master that does not answer says nothing of the others
                          health.commandFailed(link.unavailable(failure).fault());
                        }
                      }
                      if (left.decrementAndGet() == 0) {
                        checking.set(false);
                      }
                    }));
  }

  /** Returns the master that serves {@code digest}: the one Redis, or a master of a cluster. */
  private String masterOf(String digest) {
    RedisTarget.Shard shard = link.shardOf(digest);
    return shard == null ? "" : shard.node();
  }

  private void probe() {
    try {
      link.open(names.channel(RedisNames.probeDigest(token, 0)), connectNanos);
      boolean up = health.up();
      List<String> digests = link.probeDigests(token);
      Map<String, Unavailable> unanswered = new LinkedHashMap<>();
      for (String digest : digests) {
        try {
          if (up) {
            link.write(names.probe(digest), ascii(token), probeTtlMillis, answerNanos);
          } else {
            rehearse(digest);
          }
        } catch (Unavailable e) {
          if (e.fault().configuration() || unanswered.size() == digests.size() - 1) {
            throw e;
          }
          unanswered.put(digest, e);
        }
      }
      if (!link.connected()) {
        throw new Unavailable(Fault.outage(FallbackReason.TIER_DOWN, "is reconnecting"));
      }
      if (unanswered.isEmpty()) {
        health.answered();
      } else {
        degraded(unanswered);
      }
      // a lease whose end an outage lost holds its key on every instance until it runs out
      link.endAgain();
      if (up) {
        lookForGoneLeases();
        if (tellsInstances) {
          tellInstances();
        }
      }
    } catch (Unavailable e) {
      failed(e.fault());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      failed(faults.of(e));
    }
  }

  /**
   * Turns the tier degraded: the masters of the {@code unanswered} probe keys did not answer,
   * while the others did. Wakes the callers that wait for a call on those masters, whose end may
   * never come, and has the client read the topology again, since a replica may take over.
   */
  private void degraded(Map<String, Unavailable> unanswered) throws Unavailable {
    BitSet slots = new BitSet();
    StringJoiner nodes = new StringJoiner(", ");
    for (Map.Entry<String, Unavailable> probed : unanswered.entrySet()) {
      RedisTarget.Shard shard = link.shardOf(probed.getKey());
      if (shard == null) {
        throw probed.getValue();
      }
      slots.or(shard.slots());
      nodes.add(shard.node());
    }
    Fault first = unanswered.values().iterator().next().fault();
    health.degraded(
        Fault.outage(first.reason(), "master " + nodes + " of the cluster " + first.text()), slots);
    publications.releaseWhere(digest -> slots.get(link.slotOf(digest)));
    link.probeFailed();
  }

  private void failed(Fault fault) {
    health.failed(fault);
    link.probeFailed();
  }

  /**
   * Makes one call of the probe's own through Redis for {@code digest}, as a leader and a waiter
   * at once.
   */
  private void rehearse(String digest) throws Unavailable, InterruptedException {
    try (Publications.Watch watch = publications.probeWatch(digest, token)) {
      link.await(watch.listening(), connectNanos, "did not subscribe to a key's channel");
      RedisLink.await(link.claim(digest, token, probeTtlMillis, answerNanos));
      RedisLink.await(link.finish(digest, token, ascii(token), probeTtlMillis, answerNanos));
      if (watch.await(connectNanos) == null) {
        throw new Unavailable(
            Fault.outage(
                FallbackReason.TIER_DOWN, "did not deliver the end of a call on its channel"));
      }
      RedisLink.await(link.result(digest, token, answerNanos));
    }
  }

  /**
   * Wakes the callers that have waited a probe interval or more for a call whose lease is gone:
   * its end was published where this instance did not listen (a failover moved its channel, or
   * the client subscribed to it again on a node that refused), or the lease ran out or was
   * evicted. They read its result if there is one, rather than wait out the lease. A lease is
   * seen gone on two probes at least {@link #GONE_GRACE_NANOS} apart first: the end of a call
   * frees its lease a moment before its publication arrives, and a caller woken in between would
   * miss what the publication says. Nothing waits for the answers.
   */
  @SuppressWarnings("FutureReturnValueIgnored") // nothing waits for the answers, as said above
  private void lookForGoneLeases() {
    long now = System.nanoTime();
    Set<String> unheard = new HashSet<>();
    for (String[] call : publications.unheardFor(intervalNanos)) {
      String id = call[0] + ':' + call[1];
      unheard.add(id);
      link.leaseHolder(call[0], answerNanos)
          .thenAccept(
              holder -> {
                if (holder != null
                    && new String(holder, StandardCharsets.US_ASCII).equals(call[1])) {
                  goneSince.remove(id);
                } else if (now - goneSince.computeIfAbsent(id, gone -> now) >= goneGraceNanos) {
                  goneSince.remove(id);
                  publications.leaseGone(call[0], call[1]);
                }
              });
    }
    goneSince.keySet().retainAll(unheard);
  }

  /**
   * Tells the other instances about this one, and reads what they said ({@link FleetInstances}).
   * Nothing waits for the answer, and a failure is left to the probe's next write to notice: the
   * instances are read again at the next probe.
   */
  @SuppressWarnings("FutureReturnValueIgnored") // nothing waits for the answer, as said above
  private void tellInstances() {
    link.instances(token, instances.text(), probeTtlMillis, answerNanos)
        .thenAccept(instances::read);
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  /** Stops probing. */
  @Override
  public void close() {
    prober.shutdownNow();
  }
}
