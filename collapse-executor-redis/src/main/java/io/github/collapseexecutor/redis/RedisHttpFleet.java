package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.http.HttpFleet;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The fleet tier of the HTTP adapters on a {@link FleetCoordinator}: the request that leads a key
 * on its instance asks Redis for the key's lease, and either runs its call for every instance or
 * takes the response another instance's call stored. Hand it to an adapter's options:
 *
 * <pre>{@code
 * HttpCollapseOptions options = HttpCollapseOptions.builder()
 *     .group(CollapseGroup.ofUris("/quotes/*"))
 *     .fleet(RedisHttpFleet.of(coordinator))
 *     .build();
 * }</pre>
 *
 * <p>Everything the coordinator promises holds: it fails open, Redis sees only a keyed digest of
 * the key, and a response larger than {@link FleetOptions#maxValueBytes()} is not stored (the
 * instances that waited for it make their own calls).
 */
public final class RedisHttpFleet implements HttpFleet {

  /** What the leader's call returned is stored as it is; what Redis gives back came from the fleet. */
  private static final FleetCodec<Answer> ANSWERS =
      FleetCodec.of(Answer::bytes, bytes -> new Answer(bytes, /* fromFleet= */ true));

  private final FleetCoordinator coordinator;

  private RedisHttpFleet(FleetCoordinator coordinator) {
    this.coordinator = Objects.requireNonNull(coordinator, "coordinator");
  }

  /** Returns the tier of the HTTP adapters on {@code coordinator}, which it does not close. */
  public static RedisHttpFleet of(FleetCoordinator coordinator) {
    return new RedisHttpFleet(coordinator);
  }

  @Override
  public <X extends Exception> byte @Nullable [] call(List<String> key, Duration maxWait,
      Call<X> call) throws X, InterruptedException {
    Answer answer = coordinator.call(FleetKey.of(key), ANSWERS, maxWait,
        () -> new Answer(call.call(), /* fromFleet= */ false));
    return answer.fromFleet() ? answer.bytes() : null;
  }

  @Override
  public <X extends Exception> byte @Nullable [] call(List<String> key, Duration maxWait,
      Duration maxAge, Call<X> call) throws X, InterruptedException {
    Answer answer = coordinator.call(FleetKey.of(key), ANSWERS, maxWait, maxAge,
        () -> new Answer(call.call(), /* fromFleet= */ false));
    return answer.fromFleet() ? answer.bytes() : null;
  }

  @Override
  public CompletionStage<byte @Nullable []> callAsync(List<String> key, Duration maxWait,
      Supplier<? extends CompletionStage<byte @Nullable []>> call) {
    return callAsync(key, maxWait, ANY_AGE, call);
  }

  @Override
  public CompletionStage<byte @Nullable []> callAsync(List<String> key, Duration maxWait,
      Duration maxAge, Supplier<? extends CompletionStage<byte @Nullable []>> call) {
    return coordinator.callAsync(FleetKey.of(key), ANSWERS, maxWait, maxAge,
            () -> call.get().thenApply(bytes -> new Answer(bytes, /* fromFleet= */ false)))
        .thenApply(answer -> answer.fromFleet() ? answer.bytes() : null);
  }

  @Override
  public String toString() {
    return "RedisHttpFleet{" + coordinator.options().name() + "}";
  }

  /** A response's bytes, and whether they came from another instance. */
  private record Answer(byte @Nullable [] bytes, boolean fromFleet) {}
}
