package io.github.collapseexecutor.spring.annotation;

import reactor.core.publisher.Mono;

/** The barrier of a method returning a {@code Mono}; only loaded for such methods. */
final class MonoBarrier {

  private MonoBarrier() {}

  /** Returns {@code mono}, counting a completed write when a subscription to it ends. */
  static Object afterTermination(Object mono, CompletedWrites writes) {
    return ((Mono<?>) mono).doFinally(signal -> writes.completed());
  }
}
