package io.github.collapseexecutor.spring.annotation;

import org.springframework.core.ResolvableType;

/**
 * Copies the result of a {@link Collapsible} or {@link CollapseBatch} method for each caller that
 * joined another caller's run, so that no two callers hold the same mutable object.
 *
 * <p>Without a copier every caller of one run receives the very object the method returned (and
 * a failure is the same exception instance for all of them): a caller that changes it changes it
 * for the others. Return immutable values where you can; where you cannot, name a bean of this
 * type in {@link Collapsible#resultCopier()}, {@link CollapseBatch#resultCopier()} or
 * {@code collapse.executor.executors.NAME.result-copier}:
 *
 * <pre>{@code
 * @Bean
 * ResultCopier cartCopier() {
 *   return (result, type) -> ((Cart) result).deepCopy();
 * }
 *
 * @Collapsible(resultCopier = "cartCopier")
 * public Cart cart(long id) { ... }
 * }</pre>
 *
 * <p>The caller whose call ran the method keeps the original; each caller that joined gets
 * {@link #copy} of it, and gets the copier's exception instead if the copy fails. A blocking
 * caller's copy is made on its own thread; a future's or a {@code Mono}'s on the thread that
 * completes the run, and a batch's on the batch's thread, before each caller's own code runs.
 * {@code null} results are not copied. With Jackson on the class path (3, or 2 alone),
 * {@link JacksonResultCopier} or {@link Jackson2ResultCopier} is registered as
 * {@value JacksonResultCopier#BEAN_NAME}.
 */
@FunctionalInterface
public interface ResultCopier {

  /**
   * Returns a copy of {@code result} that shares no mutable state with it.
   *
   * @param result what the method returned, or for a future or a {@code Mono}, the value it
   *     completed with; never {@code null}
   * @param type the declared type of {@code result}: the method's return type, or the type
   *     argument of its {@code CompletableFuture}, {@code CompletionStage} or {@code Mono}
   */
  Object copy(Object result, ResolvableType type);

  /**
   * Returns whether this copier can copy results of {@code type}. Asked once for each method
   * that names this copier, at startup: {@code false} stops the application, naming the method
   * and the copier. By default, every type.
   */
  default boolean canCopy(ResolvableType type) {
    return true;
  }
}
