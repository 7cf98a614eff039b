package io.github.collapseexecutor.grpc;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.fleet.PortableText;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.Deadline;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The shared calls of an interceptor with a fleet tier, whose keys also collapse with the other
 * instances of the application: one instance sends the call, and the others take the reply it
 * received. The first caller of a key on this instance asks the tier, without holding a thread,
 * for no longer than its own deadline (or {@link #MAX_WAIT} without one); then it sends its own.
 * Only a reply that ended with {@code OK} crosses: a failure reaches the callers of the instance
 * that sent the call, and the others send their own. A call whose key cannot cross is sent on
 * this instance alone ({@link SharedCall#start}).
 */
final class FleetSharedCall implements CallJoiner.Start {

  /** How long a call without a deadline waits for another instance at most. */
  static final Duration MAX_WAIT = Duration.ofSeconds(30);

  private final Fleet fleet;
  private final String interceptorName;
  private final Function<? super CallOptions, @Nullable String> channelNames;

  /** The channel each fleet name stands for: the first one a call with the name collapsed on. */
  private final ConcurrentHashMap<String, Channel> channels = new ConcurrentHashMap<>();

  /**
   * @param channelNames the name of a call's channel, the same on every instance, or
   *     {@code null} for a channel whose calls stay on this instance
   */
  FleetSharedCall(
      Fleet fleet,
      String interceptorName,
      Function<? super CallOptions, @Nullable String> channelNames) {
    this.fleet = fleet;
    this.interceptorName = interceptorName;
    this.channelNames = channelNames;
  }

  /**
   * Starts the shared call of {@code key}, {@code first}'s, through the tier, as
   * {@link SharedCall#start} does on this instance alone, or on this instance alone where the
   * key cannot cross; cancelling the reply cancels the call this instance sent, if it sent one.
   */
  @Override
  public <ReqT, RespT> CompletableFuture<SharedReply> start(
      UnaryCallKey key,
      CallerCall<ReqT, RespT> first,
      @Nullable Deadline deadline,
      Executor sending) {
    List<String> text = text(key, first.target().callOptions());
    return text == null
        ? SharedCall.start(first, deadline, sending)
        : start(text, first, deadline, sending);
  }

  // the callbacks pass each outcome on to reply, and send sends this instance's own call, which
  // completes reply and is kept in own: the futures they return hold nothing more
  @SuppressWarnings({"FutureReturnValueIgnored", "ReturnValueIgnored"})
  private <ReqT, RespT> CompletableFuture<SharedReply> start(
      List<String> key,
      CallerCall<ReqT, RespT> first,
      @Nullable Deadline deadline,
      Executor sending) {
    CompletableFuture<SharedReply> reply = new CompletableFuture<>();
    AtomicReference<@Nullable CompletableFuture<SharedReply>> own = new AtomicReference<>();
    Supplier<CompletableFuture<SharedReply>> send =
        () -> {
          CompletableFuture<SharedReply> mine = SharedCall.start(first, deadline, sending);
          own.set(mine);
          // a direct dependent: a call that ended at its deadline enlists its callers in the
          // takeover before it is sent again, on the thread that completes it
          mine.whenComplete(
              (received, failure) -> {
                if (failure != null) {
                  reply.completeExceptionally(failure);
                } else {
                  reply.complete(received);
                }
              });
          if (reply.isCancelled()) {
            mine.cancel(/* mayInterruptIfRunning= */ false);
          }
          return mine;
        };
    reply.whenComplete(
        (received, failure) -> {
          CompletableFuture<SharedReply> mine = own.get();
          if (failure instanceof CancellationException && mine != null) {
            mine.cancel(/* mayInterruptIfRunning= */ false); // every caller here left
          }
        });
    CompletionStage<byte @Nullable []> asked;
    try {
      asked =
          fleet.callAsync(
              key,
              maxWait(deadline),
              () ->
                  reply.isDone()
                      // every caller here left while it waited: nobody needs the call
                      ? CompletableFuture.<byte @Nullable []>completedFuture(null)
                      : send.get()
                          .handle(
                              (received, failure) ->
                                  failure == null ? SharedReplyBytes.write(received) : null));
    } catch (RuntimeException | Error failure) {
      // a tier that fails as it is asked: this instance sends its own call
      send.get();
      return reply;
    }
    asked.whenComplete(
        (other, failure) -> {
          if (own.get() != null || reply.isDone()) {
            return; // this instance's own call answers, or nobody waits any more
          }
          SharedReply joined = other == null || failure != null ? null : read(other);
          if (joined != null) {
            reply.complete(joined);
          } else {
            send.get(); // nothing came of another instance's call
          }
        });
    return reply;
  }

  /**
   * Returns the text of {@code key} for the tier, or {@code null} for a call without a channel
   * name, on a channel other than the one its name stands for, or with a key that cannot cross.
   */
  private @Nullable List<String> text(UnaryCallKey key, CallOptions options) {
    String channelName;
    try {
      channelName = channelNames.apply(options);
    } catch (RuntimeException e) {
      return null;
    }
    if (channelName == null) {
      return null;
    }
    Channel named = channels.computeIfAbsent(channelName, name -> key.channel());
    return named == key.channel() ? text(key, interceptorName, channelName) : null;
  }

  /**
   * Returns the text of {@code key} for the tier, or {@code null} if its call stays on this
   * instance: call credentials, compared by identity, or a caller identity whose {@code equals}
   * the text cannot carry ({@link PortableText}). The channel is written as {@code channelName},
   * the name the application gave the channel on every instance; the interceptor's name keeps
   * interceptors configured apart from sharing.
   */
  static @Nullable List<String> text(UnaryCallKey key, String interceptorName, String channelName) {
    if (key.credentials() != null) {
      return null;
    }
    try {
      return List.of(
          "grpc",
          interceptorName,
          channelName,
          key.authority(),
          key.method(),
          Base64.getEncoder().encodeToString(bytesOf(key.request())),
          PortableText.of(key.sensitiveMetadata(), false),
          PortableText.of(
              List.of(
                  key.waitForReady(),
                  Optional.ofNullable(key.maxInbound()),
                  Optional.ofNullable(key.maxOutbound())),
              false),
          PortableText.of(key.identity(), false));
    } catch (PortableText.Unwritable e) {
      return null;
    }
  }

  private static byte[] bytesOf(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.duplicate().get(bytes);
    return bytes;
  }

  private static @Nullable SharedReply read(byte[] bytes) {
    try {
      return SharedReplyBytes.read(bytes);
    } catch (IllegalArgumentException notOurs) {
      return null;
    }
  }

  private static Duration maxWait(@Nullable Deadline deadline) {
    if (deadline == null) {
      return MAX_WAIT;
    }
    long left = Math.max(0, deadline.timeRemaining(TimeUnit.NANOSECONDS));
    return Duration.ofNanos(Math.min(left, MAX_WAIT.toNanos()));
  }
}
