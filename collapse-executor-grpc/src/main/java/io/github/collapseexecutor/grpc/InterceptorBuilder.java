package io.github.collapseexecutor.grpc;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor;
import io.github.collapseexecutor.core.GroupCollapseExecutorOptions;
import io.github.collapseexecutor.http.SensitiveHeaders;
import java.util.Objects;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * What the client and the server interceptors' builders set alike: the name, the listener, the
 * sensitive metadata keys and the methods that collapse. Each setter checks its value at once.
 *
 * @param <B> the builder, which each setter returns
 */
abstract class InterceptorBuilder<B extends InterceptorBuilder<B>> {

  String name;
  CollapseListener listener = CollapseListener.NONE;
  SensitiveHeaders sensitiveMetadata = SensitiveHeaders.defaults();
  Predicate<String> methods = fullMethodName -> true;
  boolean observeOnly;

  InterceptorBuilder(String defaultName) {
    this.name = defaultName;
  }

  /**
   * Sets the name the listener's reports carry. Default: the interceptor's {@code DEFAULT_NAME}.
   *
   * @throws IllegalArgumentException if {@code name} is blank
   */
  public B name(String name) {
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("name must not be blank: \"" + name + "\"");
    }
    this.name = name;
    return self();
  }

  /**
   * Sets what hears of each shared call: the client's call that went out, the server's run of the
   * handler. Default: {@link CollapseListener#NONE}.
   */
  public B listener(CollapseListener listener) {
    this.listener = Objects.requireNonNull(listener, "listener");
    return self();
  }

  /**
   * Sets which metadata keys carry a credential or an identity, and so join the key: callers
   * that send different values of one never share. A key is sensitive as a header of the same
   * name is for the HTTP adapters; binary keys ({@code -bin}) are compared by their bytes.
   * Default: {@link SensitiveHeaders#defaults()}; add a key the server answers by with
   * {@code SensitiveHeaders.defaults().withAdded(List.of("x-tenant"))}.
   */
  public B sensitiveMetadata(SensitiveHeaders sensitiveMetadata) {
    this.sensitiveMetadata = Objects.requireNonNull(sensitiveMetadata, "sensitiveMetadata");
    return self();
  }

  /**
   * Chooses the unary methods that collapse by their full method name
   * ({@code package.Service/Method}); the others pass through. Default: every unary method.
   */
  public B methods(Predicate<String> fullMethodNames) {
    this.methods = Objects.requireNonNull(fullMethodNames, "fullMethodNames");
    return self();
  }

  /**
   * Sets whether the interceptor only observes: every call goes on exactly as without it (its own
   * call to the server, its own run of the handler), and the listener hears, for each unary call
   * that would collapse, whether it would have joined an equal call in progress
   * ({@link CollapseListener#callObserved}), and of each would-be shared call how many callers it
   * would have had ({@link CollapseListener#runObserved}), as for an annotated method that only
   * observes; the endpoint and the meters count them, and one INFO line every five minutes says
   * what collapse would have saved. Default: false, and the interceptor collapses.
   */
  public B observeOnly(boolean observeOnly) {
    this.observeOnly = observeOnly;
    return self();
  }

  /** Returns what counts the calls when the interceptor only observes, or null when it collapses. */
  final @Nullable ObservedCalls observed() {
    return observeOnly ? new ObservedCalls(name, listener) : null;
  }

  /** Returns the executor whose flights the interceptor's shared calls are. */
  final FutureCallableGroupCollapseExecutor executor() {
    return new FutureCallableGroupCollapseExecutor(
        GroupCollapseExecutorOptions.builder().name(name).listener(listener).build());
  }

  abstract B self();
}
