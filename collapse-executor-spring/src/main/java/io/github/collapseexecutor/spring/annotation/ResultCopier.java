package io.github.collapseexecutor.spring.annotation;

import org.springframework.core.ResolvableType;

/**
 * Copies the result of a {@link Collapsible} or {@link CollapseBatch} method for each caller that
 * joined another caller's run, so that no two callers hold the same mutable object.
 *
 * <p>Without a copier of its own, a method's callers that joined get the result itself where no
 * caller can change it (records, {@code String}, the JDK's unmodifiable collections, ...), a copy
 * the library makes of the JDK's mutable collections, Spring Data's pages, slices and windows,
 * {@code ResponseEntity}, Spring HATEOAS's models, records and Kotlin data classes, or a copy of
 * {@value JacksonResultCopier#BEAN_NAME} for another class it copies faithfully; a result holding
 * a JPA entity, or a mutable object nothing copies faithfully, is not handed over, and each of
 * them calls the method itself ({@code docs/security.md}, "Managed and mutable results"). A
 * failure is the same exception instance for all of them. Name a bean of this type in
 * {@link Collapsible#resultCopier()}, {@link CollapseBatch#resultCopier()} or
 * {@code collapse.executor.executors.NAME.result-copier} to share copies of your own, detached
 * copies of entities included: a copier the method names is trusted with every result.
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
 * {@link #copy} of it, or, if the copy fails, calls the method itself (never getting the copier's
 * exception); the method is then called directly for a while, as for a result nothing copies. A
 * blocking caller's copy is made on its own thread; a future's or a {@code Mono}'s on the thread
 * that completes the run, and a batch's on the batch's thread, before each caller's own code runs.
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
