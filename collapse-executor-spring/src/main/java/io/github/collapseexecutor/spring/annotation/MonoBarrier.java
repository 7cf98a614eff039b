package io.github.collapseexecutor.spring.annotation;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The barrier of a method returning a {@code Mono}, or of a {@code suspend fun}, which Spring AOP
 * calls through one; only loaded for such methods.
 */
final class MonoBarrier {

  private MonoBarrier() {}

  /**
   * Returns {@code publisher}, counting a completed write when a subscription to it ends: before
   * its subscriber gets the end, so that a read the caller makes once it has it never joins a run
   * that started before the write.
   */
  static Object afterTermination(Object publisher, CompletedWrites writes) {
    if (publisher instanceof Mono<?> mono) {
      return mono.doOnTerminate(writes::completed).doOnCancel(writes::completed);
    }
    if (publisher instanceof Flux<?> flux) {
      return flux.doOnTerminate(writes::completed).doOnCancel(writes::completed);
    }
    return publisher;
  }
}
