package io.github.collapseexecutor.spring.annotation;

import reactor.core.publisher.Mono;

/**
 * The {@link CallerIdentity} of a subscriber to a {@link Collapsible} method that returns a
 * {@code Mono}: such a caller's identity lives in its Reactor context, not on a thread. The
 * returned {@code Mono} is subscribed with the subscriber's context before it joins or starts a
 * run; its value is compared with {@code equals}, and an empty {@code Mono} means nothing tells
 * the subscriber apart.
 *
 * <p>With Spring Security on the class path, one is registered that answers the principal of
 * {@code ReactiveSecurityContextHolder}; with Spring's transaction support, one that tells a
 * subscriber inside a reactive transaction apart from every other; with spring-web, one that
 * answers the locale and time zone of a WebFlux exchange in the subscriber's context.
 */
// Reactor is optional to the module (requires static): whoever implements this has it
@SuppressWarnings("exports")
@FunctionalInterface
public interface ReactiveCallerIdentity {

  /** Returns the subscriber's identity, read from the context it is subscribed with. */
  Mono<?> current();
}
