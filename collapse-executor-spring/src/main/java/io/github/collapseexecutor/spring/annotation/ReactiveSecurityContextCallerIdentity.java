package io.github.collapseexecutor.spring.annotation;

import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.security.core.context.SecurityContext;
import reactor.core.publisher.Mono;

/**
 * The subscriber's principal in Spring Security's {@link ReactiveSecurityContextHolder}. Only
 * loaded with Spring Security and Reactor.
 */
final class ReactiveSecurityContextCallerIdentity implements ReactiveCallerIdentity {

  @Override
  public Mono<?> current() {
    return ReactiveSecurityContextHolder.getContext()
        .mapNotNull(SecurityContext::getAuthentication)
        .mapNotNull(AuthenticatedCaller::of);
  }
}
