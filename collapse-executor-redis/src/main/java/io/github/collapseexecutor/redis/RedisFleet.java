package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.core.Incubating;
import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.fleet.FleetCodec;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The {@link Fleet} of a {@link FleetCoordinator}: the caller that leads a key on its instance
 * asks Redis for the key's lease, and either runs its call for every instance or takes what
 * another instance's call stored. One serves every adapter of an application: hand it to an HTTP
 * adapter's options, or define it as a bean for the {@code @Collapsible} methods.
 *
 * <pre>{@code
 * HttpCollapseOptions options = HttpCollapseOptions.builder()
 *     .group(CollapseGroup.ofUris("/quotes/*"))
 *     .fleet(RedisFleet.of(coordinator))
 *     .build();
 * }</pre>
 *
 * <p>Everything the coordinator promises holds: it fails open, Redis sees only a keyed digest of
 * the key, and a value larger than {@link FleetOptions#maxValueBytes()} is not stored (the
 * instances that waited for it make their own calls).
 */
@Incubating
public final class RedisFleet implements Fleet {

  /** What the leader's call returned is stored as it is; what Redis gives back came from the fleet. */
  private static final FleetCodec<Answer> ANSWERS =
      FleetCodec.of(Answer::bytes, bytes -> new Answer(bytes, /* fromFleet= */ true));

  private final FleetCoordinator coordinator;

  private RedisFleet(FleetCoordinator coordinator) {
    this.coordinator = Objects.requireNonNull(coordinator, "coordinator");
  }

  /** Returns the fleet of {@code coordinator}, which it does not close. */
  public static RedisFleet of(FleetCoordinator coordinator) {
    return new RedisFleet(coordinator);
  }

  @Override
  public <X extends Exception> byte @Nullable [] call(
      List<String> key, Duration maxWait, Call<X> call) throws X, InterruptedException {
    Answer answer =
        coordinator.call(
            FleetKey.of(key),
            ANSWERS,
            maxWait,
            () -> new Answer(call.call(), /* fromFleet= */ false));
    return answer.fromFleet() ? answer.bytes() : null;
  }

  @Override
  public <X extends Exception> byte @Nullable [] call(
      List<String> key, Duration maxWait, Duration maxAge, Call<X> call)
      throws X, InterruptedException {
    Answer answer =
        coordinator.call(
            FleetKey.of(key),
            ANSWERS,
            maxWait,
            maxAge,
            () -> new Answer(call.call(), /* fromFleet= */ false));
    return answer.fromFleet() ? answer.bytes() : null;
  }

  @Override
  public CompletionStage<byte @Nullable []> callAsync(
      List<String> key,
      Duration maxWait,
      Supplier<? extends CompletionStage<byte @Nullable []>> call) {
    return callAsync(key, maxWait, ANY_AGE, call);
  }

  @Override
  public CompletionStage<byte @Nullable []> callAsync(
      List<String> key,
      Duration maxWait,
      Duration maxAge,
      Supplier<? extends CompletionStage<byte @Nullable []>> call) {
    return coordinator
        .callAsync(
            FleetKey.of(key),
            ANSWERS,
            maxWait,
            maxAge,
            () -> call.get().thenApply(bytes -> new Answer(bytes, /* fromFleet= */ false)))
        .thenApply(answer -> answer.fromFleet() ? answer.bytes() : null);
  }

  /** {@inheritDoc} Counted in Redis, where every claim compares the count. */
  @Override
  public CompletionStage<Void> written() {
    return coordinator.written();
  }

  @Override
  public void noteKeyPart(String part, String value) {
    coordinator.noteKeyPart(part, value);
  }

  @Override
  public String toString() {
    return "RedisFleet{" + coordinator.options().name() + "}";
  }

  /** What a call returned, and whether it came from another instance. */
  @SuppressWarnings("ArrayRecordComponent") // the bytes as the call made them, never compared
  private record Answer(byte @Nullable [] bytes, boolean fromFleet) {}
}
