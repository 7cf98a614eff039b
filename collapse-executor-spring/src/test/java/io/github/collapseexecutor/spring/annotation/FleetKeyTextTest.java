package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.User;

/**
 * The text of a fleet key: equal keys write alike on every instance, and keys that are not equal
 * where they are compared locally ({@link CallKey}) never do.
 */
final class FleetKeyTextTest {

  private static final Method METHOD = method();

  record Point(int x, long y) {}

  record SameObject(Object value) {
    @Override
    public boolean equals(Object other) {
      return other == this;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(this);
    }
  }

  @Test
  void equalKeysWriteAlike() {
    assertAlike(new Object[] {"a", 1, new Point(1, 2L)}, new Object[] {"a", 1, new Point(1, 2L)});
    assertAlike(List.of(1, 2), new ArrayList<>(List.of(1, 2)));
    assertAlike(Set.of("b", "a", "c"), new TreeSet<>(Set.of("a", "b", "c")));
    assertAlike(Map.of("k", 1, "j", 2), new TreeMap<>(Map.of("j", 2, "k", 1)));
    assertAlike(new Object[] {new int[] {1, 2}}, new Object[] {new int[] {1, 2}});
    assertAlike(Optional.of(LocalDate.of(2026, 1, 2)), Optional.of(LocalDate.of(2026, 1, 2)));
  }

  @Test
  void keysThatAreNotEqualWriteApart() {
    assertApart(1, 1L);
    assertApart(new BigDecimal("1.0"), new BigDecimal("1.00"));
    assertApart(0.0d, -0.0d);
    assertApart(List.of("a,b"), List.of("a", "b"));
    assertApart(List.of(1, 2), List.of(2, 1));
    assertApart(new Object[] {new int[] {1}}, new Object[] {new Integer[] {1}});
    assertApart(new Object[] {List.of(1)}, new Object[] {new Integer[] {1}});
    assertApart(Locale.US, Locale.UK);
    assertApart(Set.of(1), List.of(1));
    assertApart(null, "null");
  }

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
   * password or authorities: callers with such principals write alike exactly when they are equal
   * locally. A subclass of {@code User} is the same principal only as the same object, and is
   * never written.
   */
  @Test
  void aUserPrincipalIsWrittenAsItsUsername() {
    AuthenticatedCaller bob = authenticated(new User("bob", "one password", List.of()));
    AuthenticatedCaller bobElsewhere = authenticated(new User("bob", "another password",
        List.of(new SimpleGrantedAuthority("ROLE_ADMIN"))));
    AuthenticatedCaller alice = authenticated(new User("alice", "one password", List.of()));
    assertThat(bob).isEqualTo(bobElsewhere).isNotEqualTo(alice);

    assertThat(FleetKeyText.of("quotes", METHOD, "ACME", bob))
        .isEqualTo(FleetKeyText.of("quotes", METHOD, "ACME", bobElsewhere))
        .isNotEqualTo(FleetKeyText.of("quotes", METHOD, "ACME", alice))
        .isNotEqualTo(FleetKeyText.of("quotes", METHOD, "ACME",
            authenticated("bob")));
    AuthenticatedCaller subclassed =
        authenticated(new User("bob", "one password", List.of()) {});
    assertThatThrownBy(() -> FleetKeyText.of("quotes", METHOD, "ACME", subclassed))
        .isInstanceOf(FleetKeyText.Unwritable.class);
  }

  private static AuthenticatedCaller authenticated(Object principal) {
    return Objects.requireNonNull(AuthenticatedCaller.of(
        UsernamePasswordAuthenticationToken.authenticated(principal, null, List.of())));
  }

  /** Locally compared by identity, or by an equals of their own: never written. */
  @Test
  void valuesWhoseEqualsTheTextCannotCarryAreRefused() {
    assertRefused(new Object());
    assertRefused(new SameObject("a"));
    assertRefused(List.of(new StringBuilder("a")));
    // an array in a list is compared by identity, unlike one in the key's own array
    assertRefused(List.of(new int[] {1}));
    assertThatThrownBy(() -> FleetKeyText.of("quotes", METHOD, "ACME", new int[] {1}))
        .isInstanceOf(FleetKeyText.Unwritable.class);
  }

  private static void assertAlike(@Nullable Object one, @Nullable Object other) {
    assertThat(FleetKeyText.of("quotes", METHOD, one, null))
        .isEqualTo(FleetKeyText.of("quotes", METHOD, other, null));
  }

  private static void assertApart(@Nullable Object one, @Nullable Object other) {
    assertThat(FleetKeyText.of("quotes", METHOD, one, null))
        .isNotEqualTo(FleetKeyText.of("quotes", METHOD, other, null));
  }

  private static void assertRefused(Object key) {
    assertThatThrownBy(() -> FleetKeyText.of("quotes", METHOD, key, null))
        .isInstanceOf(FleetKeyText.Unwritable.class)
        .hasMessageContaining(key instanceof List<?> list ? list.get(0).getClass().getName()
            : key.getClass().getName());
  }

  private static Method method() {
    try {
      return FleetKeyTextTest.class.getDeclaredMethod("method");
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }
}
