package io.github.collapseexecutor.spring.annotation;

import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;

/**
 * What tells apart two callers authenticated by Spring Security: the kind of authentication, the
 * principal's name, and the authorities granted, which a method may check on its own. Credentials
 * and request details (the remote address, the session id) are left out, so that one user's
 * concurrent requests still share. Only loaded with Spring Security.
 *
 * @param type the class of the authentication, so that a user named "anonymousUser" is not the
 *     anonymous caller
 * @param name the principal's name
 * @param authorities the authorities granted, sorted
 * @param authenticated whether the authentication is trusted
 */
record AuthenticatedCaller(Class<?> type, String name, Set<String> authorities,
    boolean authenticated) {

  /** Returns the identity of {@code authentication}, or {@code null} for none. */
  static @Nullable AuthenticatedCaller of(@Nullable Authentication authentication) {
    if (authentication == null) {
      return null;
    }
    Set<String> granted = new TreeSet<>();
    for (GrantedAuthority authority : authentication.getAuthorities()) {
      granted.add(String.valueOf(authority.getAuthority()));
    }
    return new AuthenticatedCaller(authentication.getClass(), authentication.getName(),
        Set.copyOf(granted), authentication.isAuthenticated());
  }

  /** The name only: authorities say what a user may do, and need not reach a log. */
  @Override
  public String toString() {
    return "AuthenticatedCaller[" + name + "]";
  }
}
