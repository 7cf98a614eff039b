package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;
import org.springframework.core.KotlinDetector;

/** How the result of a collapsed method reaches its callers. */
enum ReturnKind {

  /** A value the caller waits for. */
  VALUE,

  /** A {@code CompletableFuture}, {@code CompletionStage} or {@code Future}. */
  FUTURE,

  /** A Reactor {@code Mono}. */
  MONO,

  /**
   * A Kotlin {@code suspend fun}, which Spring calls through a {@code Mono} and whose caller
   * awaits the {@code Mono} the advice returns: it collapses as {@link #MONO} does, on the
   * arguments without the continuation.
   */
  SUSPEND;

  private static final String MONO_TYPE = "reactor.core.publisher.Mono";
  private static final String PUBLISHER_TYPE = "org.reactivestreams.Publisher";

  /**
   * Returns how {@code method} returns, or throws naming the method and the reason it cannot be
   * collapsed.
   */
  static ReturnKind of(Method method, String annotation) {
    if (KotlinDetector.isSuspendingFunction(method)) {
      return Suspending.check(method, annotation);
    }
    Class<?> type = method.getReturnType();
    if (type == void.class || type == Void.class) {
      throw Unsupported.method(
          annotation,
          method,
          "it returns void; only a result can be shared",
          "Return the result the callers share, or remove @" + annotation + " from the method.");
    }
    if (type.getName().equals(MONO_TYPE)) {
      return MONO;
    }
    if (isPublisher(type)) {
      throw Unsupported.method(
          annotation,
          method,
          "it returns a "
              + type.getSimpleName()
              + "; of the reactive types only Mono can be collapsed",
          "Return a Mono (collectList() turns a Flux into one), or remove @"
              + annotation
              + " from the method.");
    }
    if (CompletionStage.class.isAssignableFrom(type) || type == Future.class) {
      if (!type.isAssignableFrom(CompletableFuture.class)) {
        throw Unsupported.method(
            annotation,
            method,
            "it returns a "
                + type.getSimpleName()
                + "; declare CompletableFuture or CompletionStage",
            "Declare the return type as CompletableFuture or CompletionStage.");
      }
      return FUTURE;
    }
    return VALUE;
  }

  private static boolean isPublisher(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      if (c.getName().equals(PUBLISHER_TYPE)) {
        return true;
      }
      for (Class<?> i : c.getInterfaces()) {
        if (isPublisher(i)) {
          return true;
        }
      }
    }
    return false;
  }
}
