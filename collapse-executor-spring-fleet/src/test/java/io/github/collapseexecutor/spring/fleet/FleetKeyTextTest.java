package io.github.collapseexecutor.spring.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.fleet.PortableText;
import io.github.collapseexecutor.spring.annotation.CallerIdentity;
import io.github.collapseexecutor.spring.annotation.EnableCollapsing;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.User;

/**
 * The text of a same-key group across the fleet: the bean, the method, the key and the caller
 * each keep callers apart as they do locally.
 */
final class FleetKeyTextTest {

  private static final Method METHOD = method();

  @Test
  void theCallerIsPartOfTheText() {
    assertThat(FleetKeyText.of("quotes", METHOD, "ACME", "tenant a"))
        .isNotEqualTo(FleetKeyText.of("quotes", METHOD, "ACME", "tenant b"))
        .isNotEqualTo(FleetKeyText.of("quotes", METHOD, "ACME", null));
    assertThat(FleetKeyText.of("quotes", METHOD, "ACME", null))
        .isNotEqualTo(FleetKeyText.of("otherQuotes", METHOD, "ACME", null));
  }

  /**
   * Spring Security's {@code User} equals every {@code User} of its username, whatever its
   * password or authorities: callers with such principals, as the annotations tell them apart,
   * write alike exactly when they are equal locally. A subclass of {@code User} is the same
   * principal only as the same object, and is never written.
   */
  @Test
  void aUserPrincipalIsWrittenAsItsUsername() {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Identities.class)) {
      CallerIdentity principals =
          context.getBean("securityContextCallerIdentity", CallerIdentity.class);
      Object bob = as(principals, new User("bob", "one password", List.of()));
      Object bobElsewhere =
          as(
              principals,
              new User(
                  "bob", "another password", List.of(new SimpleGrantedAuthority("ROLE_ADMIN"))));
      Object alice = as(principals, new User("alice", "one password", List.of()));
      assertThat(bob).isEqualTo(bobElsewhere).isNotEqualTo(alice);

      assertThat(FleetKeyText.of("quotes", METHOD, "ACME", bob))
          .isEqualTo(FleetKeyText.of("quotes", METHOD, "ACME", bobElsewhere))
          .isNotEqualTo(FleetKeyText.of("quotes", METHOD, "ACME", alice))
          .isNotEqualTo(FleetKeyText.of("quotes", METHOD, "ACME", as(principals, "bob")));
      Object subclassed = as(principals, new User("bob", "one password", List.of()) {});
      assertThatThrownBy(() -> FleetKeyText.of("quotes", METHOD, "ACME", subclassed))
          .isInstanceOf(PortableText.Unwritable.class);
    }
  }

  /** Returns the identity the annotations read of a caller authenticated as {@code principal}. */
  private static Object as(CallerIdentity principals, Object principal) {
    SecurityContextHolder.getContext()
        .setAuthentication(
            UsernamePasswordAuthenticationToken.authenticated(principal, null, List.of()));
    try {
      return Objects.requireNonNull(principals.current());
    } finally {
      SecurityContextHolder.clearContext();
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class Identities {}

  /** A caller's identity is compared by equals: an array in it is compared by identity. */
  @Test
  void anArrayCallerIsNeverWritten() {
    assertThatThrownBy(() -> FleetKeyText.of("quotes", METHOD, "ACME", new int[] {1}))
        .isInstanceOf(PortableText.Unwritable.class);
  }

  private static Method method() {
    try {
      return FleetKeyTextTest.class.getDeclaredMethod("method");
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }
}
