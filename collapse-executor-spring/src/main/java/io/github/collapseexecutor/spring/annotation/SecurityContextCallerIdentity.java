package io.github.collapseexecutor.spring.annotation;

import org.jspecify.annotations.Nullable;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * The caller's principal in Spring Security's {@link SecurityContextHolder}. Only loaded with
 * Spring Security.
 */
final class SecurityContextCallerIdentity implements CallerIdentity {

  @Override
  public @Nullable Object current() {
    return AuthenticatedCaller.of(SecurityContextHolder.getContext().getAuthentication());
  }
}
