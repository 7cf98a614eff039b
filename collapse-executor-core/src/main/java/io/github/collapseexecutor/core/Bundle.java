package io.github.collapseexecutor.core;

import org.jspecify.annotations.Nullable;

/**
 * One caller's input together with the slot for its output, as handed to {@code bindingOutput}.
 *
 * <p>{@code bindingOutput} must settle every bundle exactly once, either with
 * {@link #bindOutput(Object)} or with {@link #fail(Throwable)}. For example, a batch that loads users
 * by id binds each found user and fails only the ids it did not find:
 *
 * <pre>{@code
 * protected void bindingOutput(Map<Long, User> users, List<Bundle<Long, User>> bundles) {
 *   for (Bundle<Long, User> bundle : bundles) {
 *     User user = users.get(bundle.value());
 *     if (user != null) {
 *       bundle.bindOutput(user);
 *     } else {
 *       bundle.fail(new NoSuchElementException("no user " + bundle.value()));
 *     }
 *   }
 * }
 * }</pre>
 *
 * A bundle left unsettled when {@code bindingOutput} returns fails its caller with an
 * {@link IllegalStateException} that names the executor and the input; settling a bundle twice
 * throws {@link IllegalStateException} to the code that tried. Bundles of callers that stopped
 * waiting (a timeout, an interrupt, a cancelled future) accept a binding and drop it.
 *
 * @param <I> the input type
 * @param <O> the output type
 */
public interface Bundle<I, O extends @Nullable Object> extends Input<I> {

  /**
   * Hands {@code output} to this bundle's caller.
   *
   * @param output the output, may be {@code null} where the executor's output type allows it
   * @throws IllegalStateException if this bundle was settled before
   */
  void bindOutput(O output);

  /**
   * Fails this bundle's caller with {@code failure}, leaving the rest of the batch untouched.
   *
   * @throws IllegalStateException if this bundle was settled before
   */
  void fail(Throwable failure);
}
