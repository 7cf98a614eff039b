package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.fleet.PortableText;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;

/**
 * The calls of the leaders through a fleet tier: once across the instances of the application,
 * where the leader either makes the call for every instance or takes the response another
 * instance's call produced. The one class of the protocol that knows the tier: the key's text,
 * which requests and responses cross, how long a leader waits for another instance and how old a
 * call it may join after a write here.
 */
final class FleetLeaderCall implements LeaderCall {

  /** The leaders' calls log under one name, whether or not they go through the tier. */
  private static final System.Logger LOG = System.getLogger(LeaderCall.class.getName());

  private final Fleet fleet;
  private final HttpCollapseOptions options;
  private final String name;
  private final WriteClock writes;
  private final long waitTimeoutNanos;

  /** Whether a request of each group was kept on its instance for its key, once logged. */
  private final AtomicIntegerArray warnedLocal;

  FleetLeaderCall(Fleet fleet, HttpCollapseOptions options, String name, WriteClock writes) {
    this.fleet = fleet;
    this.options = options;
    this.name = name;
    this.writes = writes;
    this.waitTimeoutNanos = SaturatedNanos.of(options.waitTimeout());
    this.warnedLocal = new AtomicIntegerArray(options.groups().size());
  }

  @Override
  public <T, X extends Exception> T make(
      Lead lead, @Nullable DetailCodec<?> codec, Steps<T, X> steps) throws X {
    List<String> key = key(lead.key());
    if (key == null) {
      return steps.call();
    }
    List<T> own = new ArrayList<>(1);
    byte[] other;
    try {
      other =
          fleet.<X>call(
              key,
              maxWait(lead),
              maxAge(lead),
              () -> {
                own.add(steps.call());
                return crossing(lead, codec);
              });
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      if (!own.isEmpty()) {
        return own.get(0);
      }
      throw steps.interrupted();
    }
    if (!own.isEmpty()) {
      return own.get(0);
    }
    SharedResponse shared = other == null ? null : joined(other, lead, codec);
    if (shared == null) {
      // nothing came of another instance's call: this one makes its own, for this instance
      return steps.call();
    }
    lead.joinedElsewhere(shared);
    return steps.replay(shared);
  }

  /**
   * {@inheritDoc} A request whose call served the fleet gets its response once the tier has
   * it, as a blocking one does: a request that asks after it was answered never takes that
   * call's response.
   */
  @Override
  public <T> @Nullable CompletionStage<? extends T> makeAsync(
      Lead lead, @Nullable DetailCodec<?> codec, AsyncSteps<T> steps) {
    List<String> key = key(lead.key());
    if (key == null) {
      return null;
    }
    AtomicReference<@Nullable CompletionStage<? extends T>> own = new AtomicReference<>();
    // every request of the key here left while another instance called: nobody needs a call
    AtomicBoolean abandoned = new AtomicBoolean();
    lead.onAbandon(() -> abandoned.set(true));
    CompletionStage<byte @Nullable []> asked;
    try {
      asked =
          fleet.callAsync(
              key,
              maxWait(lead),
              maxAge(lead),
              () -> {
                CompletionStage<? extends T> mine = steps.call();
                own.set(mine);
                return mine.handle((ended, failure) -> crossing(lead, codec));
              });
    } catch (RuntimeException | Error failure) {
      // a tier that fails as it is asked: this request makes its own call, for this instance
      return steps.call();
    }
    CompletableFuture<T> answered = new CompletableFuture<>();
    asked.whenComplete(
        (other, failure) -> {
          CompletionStage<? extends T> next = own.get();
          if (next == null && abandoned.get()) {
            answered.cancel(/* mayInterruptIfRunning= */ false);
            return;
          }
          if (next == null) {
            try {
              SharedResponse shared =
                  other == null || failure != null ? null : joined(other, lead, codec);
              if (shared == null) {
                // nothing came of another instance's call: this one makes its own, for here
                next = steps.call();
              } else {
                lead.joinedElsewhere(shared);
                next = steps.replay(shared);
              }
            } catch (RuntimeException | Error unexpected) {
              // nothing may leave this request, or those waiting for it, without an answer
              steps.failed(unexpected);
              answered.completeExceptionally(unexpected);
              return;
            }
          }
          next.whenComplete(
              (mine, ended) -> {
                if (ended != null) {
                  answered.completeExceptionally(ended);
                } else {
                  answered.complete(mine);
                }
              });
        });
    return answered;
  }

  /** {@inheritDoc} A tier that fails as it is told counts the write on this instance only. */
  @Override
  public CompletionStage<Void> written() {
    try {
      return fleet.written().exceptionally(failure -> null);
    } catch (RuntimeException failure) {
      return WRITTEN;
    }
  }

  /**
   * Returns the text of {@code key} for the tier, or {@code null} if the request stays on this
   * instance: a part of the key another instance cannot compare. Besides the key it names the
   * executor, the group and the group's policy, so that instances configured apart (during a
   * rolling deploy, say) never share. Where a server received the request is noted for the
   * tier ({@link Fleet#noteKeyPart}), which warns of instances that can never share.
   */
  @Nullable List<String> key(CollapseKey key) {
    CollapseGroup group = options.groups().get(key.group());
    String policyName = group.collapsePolicyName();
    List<String> parts = new ArrayList<>(9);
    parts.add("http");
    parts.add(name);
    parts.add(group.toString());
    parts.add(
        String.valueOf(
            policyName == null ? CollapsePolicy.DEFAULT : options.policies().get(policyName)));
    try {
      for (Object part : key.partsOnEveryInstance()) {
        parts.add(PortableText.of(part, /* arrayByContent= */ false));
      }
    } catch (PortableText.Unwritable e) {
      warnLocalOnce(key.group());
      return null;
    }
    key.receivedAt().forEach(fleet::noteKeyPart);
    return parts;
  }

  /**
   * Returns how long {@code lead} waits for another instance's call: the wait timeout, and no
   * longer than its own deadline (a server's request has none).
   */
  private Duration maxWait(Lead lead) {
    return Duration.ofNanos(Math.min(waitTimeoutNanos, lead.ownNanosLeft()));
  }

  /**
   * Returns how long ago another instance's call may have started for {@code lead} to take its
   * response: no earlier than the last write on this instance that concerns its key, which
   * such a call may not have seen; {@link Fleet#ANY_AGE} if none.
   */
  private Duration maxAge(Lead lead) {
    Duration since = writes.sinceLastWrite(lead.key().group());
    return since == null ? Fleet.ANY_AGE : since;
  }

  /**
   * Returns the bytes of the response {@code lead} shared with every request of its key, for
   * the other instances, or {@code null} if none crosses: it shared none, or one that varies on
   * a request header its key does not hold, or its detail cannot travel. The call ran and
   * answered its request, so a detail that fails to write only keeps the response here.
   */
  private static byte @Nullable [] crossing(Lead lead, @Nullable DetailCodec<?> codec) {
    SharedResponse shared = lead.sharedWithEveryRequest();
    return shared == null ? null : SharedResponseBytes.of(shared, codec);
  }

  /**
   * Returns the response another instance's call shared, as a response to the request of
   * {@code lead}; or {@code null} if this instance cannot replay it: bytes of another format or
   * adapter, or a response the sharing rules here refuse.
   */
  private static @Nullable SharedResponse joined(
      byte[] bytes, Lead lead, @Nullable DetailCodec<?> codec) {
    SharedResponse shared = SharedResponseBytes.read(bytes, lead.request(), codec);
    return shared == null || lead.refusal(shared.headers()) != null ? null : shared;
  }

  /**
   * Logs, once per group, that a request of {@code group} collapses on its instance only,
   * although the adapter has a fleet tier, because its key holds a part another instance
   * cannot compare.
   */
  private void warnLocalOnce(int group) {
    if (warnedLocal.get(group) == 0 && warnedLocal.compareAndSet(group, 0, 1)) {
      LOG.log(
          System.Logger.Level.WARNING,
          () ->
              name
                  + ": a request of collapse group '"
                  + options.groups().get(group).name()
                  + "' collapses on this instance only: its key"
                  + " holds a part other instances cannot compare, such as a client without a name"
                  + " (name it: partition(name) of the RestClient interceptor, partition(client, name)"
                  + " of the OkHttp one) or a key part compared by identity. Logged once per group.");
    }
  }
}
