package io.github.collapseexecutor.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.security.PublicKey;
import java.security.cert.Certificate;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The text of a key's values: equal values write alike on every instance, and values that are not
 * equal where they are compared locally never do.
 */
final class PortableTextTest {

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

  /** A certificate equals another of the same encoding, as the servlet's client chains do. */
  @Test
  void certificatesWriteAsTheirEncoding() {
    assertAlike(List.of(new Encoded(new byte[] {1, 2})), List.of(new Encoded(new byte[] {1, 2})));
    assertApart(List.of(new Encoded(new byte[] {1, 2})), List.of(new Encoded(new byte[] {1, 3})));
  }

  /** A certificate of the given encoding, as equals and the text see it. */
  static final class Encoded extends Certificate {

    private static final long serialVersionUID = 1L;

    private final byte[] encoding;

    Encoded(byte[] encoding) {
      super("test");
      this.encoding = encoding.clone();
    }

    @Override
    public byte[] getEncoded() {
      return encoding.clone();
    }

    @Override
    public void verify(PublicKey key) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void verify(PublicKey key, String sigProvider) {
      throw new UnsupportedOperationException();
    }

    @Override
    public String toString() {
      return "Encoded";
    }

    @Override
    public PublicKey getPublicKey() {
      throw new UnsupportedOperationException();
    }
  }

  /** Locally compared by identity, or by an equals of their own: never written. */
  @Test
  void valuesWhoseEqualsTheTextCannotCarryAreRefused() {
    assertRefused(new Object());
    assertRefused(new SameObject("a"));
    assertRefused(List.of(new StringBuilder("a")));
    // an array in a list is compared by identity, unlike one in the key's own array
    assertRefused(List.of(new int[] {1}));
    // as is an array that is compared by equals
    assertThatThrownBy(() -> PortableText.of(new int[] {1}, /* arrayByContent= */ false))
        .isInstanceOf(PortableText.Unwritable.class);
  }

  private static void assertAlike(@Nullable Object one, @Nullable Object other) {
    assertThat(PortableText.of(one, true)).isEqualTo(PortableText.of(other, true));
  }

  private static void assertApart(@Nullable Object one, @Nullable Object other) {
    assertThat(PortableText.of(one, true)).isNotEqualTo(PortableText.of(other, true));
  }

  private static void assertRefused(Object key) {
    assertThatThrownBy(() -> PortableText.of(key, true))
        .isInstanceOf(PortableText.Unwritable.class)
        .hasMessageContaining(
            key instanceof List<?> list
                ? list.get(0).getClass().getName()
                : key.getClass().getName());
  }
}
