package io.github.collapseexecutor.spring.annotation;

import org.jspecify.annotations.Nullable;

/**
 * Tells apart the callers of {@link Collapsible} and {@link CollapseBatch} methods whose results
 * may differ although their arguments are equal: the user a method reads from the security
 * context, a tenant kept in a thread-bound holder. Callers whose identities differ never share a
 * run or a batch.
 *
 * <p>Every bean of this type takes part, in their order, and two callers share only if each of
 * them answers equal values. With Spring Security on the class path, one is registered that
 * answers the authenticated principal: the authentication's type, the principal's name and
 * granted authorities, and the principal itself: compared with its own {@code equals} when its
 * class declares one (a record, a {@code String}, Spring Security's {@code User}) or inherits it
 * within Spring Security ({@code Jwt}), and otherwise only the same object is the same principal
 * (a subclass of {@code User} that adds a tenant without declaring {@code equals}, a class
 * without {@code equals}). With Spring's transaction support, one is registered that tells a
 * caller inside a transaction apart from every other. The locale and time zone of Spring's
 * {@code LocaleContextHolder} always tell callers apart: Spring MVC sets them for each request.
 * Declare another for any other thread-bound state a method reads:
 *
 * <pre>{@code
 * @Bean
 * CallerIdentity tenant() {
 *   return TenantHolder::currentTenantId;   // callers of different tenants never share
 * }
 * }</pre>
 *
 * <p>A method whose result depends on nothing but its arguments may share across callers:
 * {@link Collapsible#sharedAcrossCallers()}, or {@code shared-across-callers} on its named
 * executor.
 */
@FunctionalInterface
public interface CallerIdentity {

  /**
   * Returns what tells the calling thread's caller apart, compared with {@code equals}, or
   * {@code null} when nothing does. Called on the caller's thread before it joins or starts a
   * run; must be fast and must not throw.
   */
  @Nullable Object current();
}
