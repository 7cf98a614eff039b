package io.github.collapseexecutor.spring.annotation;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Signal;

/**
 * The barrier of a method returning a {@code Mono}, or of a {@code suspend fun}, which Spring AOP
 * calls through one; only loaded for such methods.
 */
final class MonoBarrier {

  private MonoBarrier() {}

  /**
   * Returns {@code publisher}, counting a completed write when a subscription to it ends: before
   * its subscriber gets the end, and once the other instances can know of it, so that a read the caller makes once it has it never joins a run
   * that started before the write.
   */
  static Object afterTermination(Object publisher, CompletedWrites writes) {
    if (publisher instanceof Mono<?> mono) {
      // a Mono materializes into one signal, its value, its end or its error: each is its end
      return mono.materialize()
          .delayUntil(signal -> Mono.fromCompletionStage(writes::completed))
          .dematerialize()
          .doOnCancel(writes::completed);
    }
    if (publisher instanceof Flux<?> flux) {
      return flux.materialize()
          .delayUntil(signal -> counted(signal, writes))
          .dematerialize()
          .doOnCancel(writes::completed);
    }
    return publisher;
  }

  /**
   * Returns what delays {@code signal} of a {@code Flux}: at its end, the count of the write, by
   * the other instances too; nothing for a value.
   */
  private static Mono<Void> counted(Signal<?> signal, CompletedWrites writes) {
    return signal.isOnNext() ? Mono.empty() : Mono.fromCompletionStage(writes::completed);
  }
}
