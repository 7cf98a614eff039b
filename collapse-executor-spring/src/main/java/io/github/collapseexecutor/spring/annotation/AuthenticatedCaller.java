package io.github.collapseexecutor.spring.annotation;

import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.userdetails.User;

/**
 * What tells apart two callers authenticated by Spring Security: the kind of authentication, the
 * principal's name, the authorities granted, which a method may check on its own, and the
 * principal itself, which a method may read more from than its name (a tenant, a claim).
 *
 * <p>The principal is compared with its own {@code equals} only when that {@code equals} was
 * written for its class: declared by the class itself (a record, a {@code String}, Spring
 * Security's {@code User} and {@code DefaultOAuth2User}), or inherited within Spring Security's
 * own classes ({@code Jwt}, by its token value; {@code DefaultOidcUser}, by its claims). Any
 * other principal, such as an application's subclass of {@code User} that adds a tenant its
 * inherited {@code equals} ignores, or a class that keeps {@code Object}'s {@code equals}, is
 * the same principal only as the same object: callers share then only within what holds that
 * object, such as one session, until the class declares what makes two of its principals equal.
 *
 * <p>Credentials and request details (the remote address, the session id) are left out, so that
 * one user's concurrent requests still share: they describe the request that authenticated, not
 * who the caller is, and a method that reads them declares them with a {@link CallerIdentity}.
 * Only loaded with Spring Security.
 *
 * @param type the class of the authentication, so that a user named "anonymousUser" is not the
 *     anonymous caller
 * @param name the principal's name
 * @param authorities the authorities granted, sorted
 * @param authenticated whether the authentication is trusted
 * @param principal the principal; a {@link UserName} for Spring Security's {@code User}, whose
 *     {@code equals} compares the username alone; or a {@link SameObject} holding it when only
 *     the same object is the same principal
 */
record AuthenticatedCaller(
    Class<?> type,
    String name,
    Set<String> authorities,
    boolean authenticated,
    @Nullable Object principal) {

  /** Whether a class's {@code equals} tells apart whatever its instances hold. */
  private static final ClassValue<Boolean> COMPARED_BY_EQUALS =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          return comparedByEquals(type);
        }
      };

  /** Returns the identity of {@code authentication}, or {@code null} for none. */
  static @Nullable AuthenticatedCaller of(@Nullable Authentication authentication) {
    if (authentication == null) {
      return null;
    }
    Set<String> granted = new TreeSet<>();
    for (GrantedAuthority authority : authentication.getAuthorities()) {
      granted.add(String.valueOf(authority.getAuthority()));
    }
    return new AuthenticatedCaller(
        authentication.getClass(),
        authentication.getName(),
        Set.copyOf(granted),
        authentication.isAuthenticated(),
        principal(authentication.getPrincipal()));
  }

  private static @Nullable Object principal(@Nullable Object principal) {
    if (principal instanceof User user && user.getClass() == User.class) {
      // equals compares the username alone: kept as that, so that the record holds only values
      // compared as what they are, which another process may write alike
      return new UserName(user.getUsername());
    }
    if (principal == null || COMPARED_BY_EQUALS.get(principal.getClass())) {
      return principal;
    }
    return new SameObject(principal);
  }

  private static boolean comparedByEquals(Class<?> type) {
    Class<?> declaring;
    try {
      declaring = type.getMethod("equals", Object.class).getDeclaringClass();
    } catch (NoSuchMethodException e) {
      return false;
    }
    if (declaring == Object.class) {
      return false;
    }
    return declaring == type || type.getName().startsWith("org.springframework.security.");
  }

  /** A {@code User} principal as its {@code equals} sees it. */
  record UserName(String username) {}

  /** The name only: authorities and the principal need not reach a log. */
  @Override
  public String toString() {
    return "AuthenticatedCaller[" + name + "]";
  }

  /** A principal that equals only itself, whatever its class's {@code equals} says. */
  record SameObject(Object principal) {

    @Override
    public boolean equals(Object other) {
      return other instanceof SameObject same && same.principal == principal;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(principal);
    }

    @Override
    public String toString() {
      return "SameObject[" + principal.getClass().getName() + "]";
    }
  }
}
