package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.spring.observation.MethodObserver;
import io.github.collapseexecutor.spring.observation.MethodObserver.FutureCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;
import reactor.util.context.ContextView;

/**
 * Same-key collapse of a method returning a {@link Mono}. Only loaded for such methods, so the
 * rest works without Reactor.
 */
final class MonoCollapse {

  private MonoCollapse() {}

  /** The shared run of a group, as a caller's future. */
  @FunctionalInterface
  interface SharedRun {

    /**
     * Returns the caller's future of the run of {@code group}, started by {@code start}.
     *
     * @param observation the subscriber's observation, or {@code null}
     * @param own the subscriber's own call, for a subscriber that joined a run whose result it
     *     cannot take
     */
    CompletableFuture<@Nullable Object> join(
        CallKey group,
        @Nullable Object observation,
        FutureCall.Start start,
        SameKeyCollapser.OwnStart own)
        throws Exception;
  }

  /**
   * Returns a {@code Mono} that, on each subscription, joins the run in progress for
   * {@code group} or starts one by calling the method and subscribing to its {@code Mono}. A
   * subscriber that cancels leaves alone; the run is cancelled when every subscriber has left.
   *
   * <p>Called where the method is called, whose body would have run there and then without
   * collapse: the caller's thread-bound context is captured here, and restored for the method
   * when a subscription, perhaps on another thread, starts the run.
   *
   * @param identities what tells subscribers apart, read from each one's context: subscribers
   *     with other identities never share a run
   * @param writes the writes completed so far: a subscriber arrives when it subscribes
   * @param contexts what captures the caller's thread-bound context
   * @param observationKey where a subscriber's Reactor context holds its observation, and the
   *     method's {@code Mono} gets the run's ({@link MethodObserver#contextKey}), or {@code null}
   */
  static Object collapse(
      CallKey group,
      List<ReactiveCallerIdentity> identities,
      LongSupplier writes,
      CallerContexts contexts,
      @Nullable String observationKey,
      Callable<@Nullable Object> call,
      SharedRun run) {
    Object caller = contexts.capture();
    Callable<@Nullable Object> inCallersContext = () -> CallerContexts.callWith(caller, call);
    return Mono.deferContextual(
        context ->
            identityOf(identities)
                .flatMap(
                    identity ->
                        join(
                            group
                                .withWrites(writes.getAsLong())
                                .withReactive(identity.orElse(null)),
                            context,
                            observationKey,
                            inCallersContext,
                            run)));
  }

  /**
   * Returns the method's own {@code mono}, of a call of {@code group} in observe mode: each
   * subscription counts in {@code observed} as a call keyed as collapse would key it when it
   * subscribes (the subscriber's identity, the writes completed by then), and ends with the
   * method's value, its emptiness, its error or the subscriber's cancel.
   */
  static Mono<Object> observe(
      Object mono,
      CallKey group,
      List<ReactiveCallerIdentity> identities,
      LongSupplier writes,
      ObservedCalls observed) {
    Mono<Object> own = Mono.from((Mono<?>) mono);
    return identityOf(identities)
        .flatMap(
            identity -> {
              ObservedCalls.Call call =
                  observed.start(
                      group.withWrites(writes.getAsLong()).withReactive(identity.orElse(null)));
              return own.doOnSuccess(call::returned)
                  .doOnError(failure -> call.failed())
                  .doOnCancel(call::failed);
            });
  }

  private static Mono<Object> join(
      CallKey group,
      ContextView context,
      @Nullable String observationKey,
      Callable<@Nullable Object> call,
      SharedRun run) {
    CompletableFuture<@Nullable Object> caller;
    try {
      caller =
          run.join(
              group,
              observationKey == null ? null : context.getOrDefault(observationKey, null),
              observation -> start(call, context, observationKey, observation),
              () -> start(call, context, observationKey, null));
    } catch (Exception e) {
      return Mono.error(e);
    }
    return Mono.fromFuture(caller, /* suppressCancel= */ false);
  }

  /** Reads every identity in the subscriber's context: one value, or a list of them. */
  private static Mono<Optional<Object>> identityOf(List<ReactiveCallerIdentity> identities) {
    if (identities.isEmpty()) {
      return Mono.just(Optional.empty());
    }
    List<Mono<Optional<Object>>> each = new ArrayList<>(identities.size());
    for (ReactiveCallerIdentity identity : identities) {
      each.add(
          Mono.defer(identity::current)
              .<Optional<Object>>map(Optional::of)
              .defaultIfEmpty(Optional.empty()));
    }
    if (each.size() == 1) {
      return each.get(0);
    }
    return Mono.zip(
        each,
        values -> {
          List<Object> all = new ArrayList<>(values.length);
          boolean any = false;
          for (Object value : values) {
            Optional<?> present = (Optional<?>) value;
            all.add(present.orElse(null));
            any |= present.isPresent();
          }
          return any ? Optional.of((Object) all) : Optional.empty();
        });
  }

  /**
   * Calls the method and subscribes to its {@code Mono} with the leading subscriber's context,
   * which every sharer's identity equals, and with the run's observation, if any, as the current
   * one: the run belongs to no one subscriber, so the method's observations are the run's
   * children.
   */
  private static @Nullable CompletableFuture<@Nullable Object> start(
      Callable<@Nullable Object> call,
      ContextView leader,
      @Nullable String observationKey,
      @Nullable Object observation)
      throws Exception {
    Mono<?> mono = (Mono<?>) call.call();
    if (mono == null) {
      return null;
    }
    Mono<Object> shared = mono.map(value -> value);
    Context context = Context.of(leader);
    return shared
        .contextWrite(
            observation == null || observationKey == null
                ? context
                : context.put(observationKey, observation))
        .toFuture();
  }
}
