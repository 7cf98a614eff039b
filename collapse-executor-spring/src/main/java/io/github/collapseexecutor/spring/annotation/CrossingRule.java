package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import org.jspecify.annotations.Nullable;

/**
 * Whether the caller on another instance could tell what it rebuilds from a result's bytes from
 * the result its own call would have returned; a result crosses only if it could not. Stronger
 * than {@code equals}, which often compares less than a caller sees (an id, and not the fields
 * around it). The two are walked side by side, and differ when:
 *
 * <ul>
 *   <li>a value's runtime class is not the one rebuilt: a subclass comes back as the declared
 *       base class. One exception: a JDK collection or map no caller can change ({@code List.of},
 *       {@code Collections.unmodifiableMap}) may come back as its mutable JDK counterpart with
 *       the same elements in the same order, since whatever its caller does with its own it can
 *       do with that;
 *   <li>a leaf value ({@code String}, boxes, enums, {@code java.time}, {@code BigDecimal}...) is
 *       not equal, an array or collection differs in length or in any element, in order, or a
 *       map in any key or value, in order;
 *   <li>any instance field of any other object differs, by this rule: ignored, transient and
 *       write-only fields included;
 *   <li>a value's behaviour holds more than its data: a sorted collection or map with a
 *       comparator of its own, a priority queue, a JDK object of another kind (an
 *       {@code IdentityHashMap}, a {@code StringBuilder}), a lambda; or it is a JPA entity,
 *       which another instance's persistence context does not manage;
 *   <li>one mutable object appears twice in the result, and the rebuilt one holds two.
 * </ul>
 *
 * Walked to a bounded depth and number of values, past which a result does not cross.
 */
final class CrossingRule {

  private static final int MAX_DEPTH = 32;
  private static final int MAX_VALUES = 100_000;

  private int values = MAX_VALUES;

  /** The mutable objects of the own result met so far, with their rebuilt counterparts. */
  private final IdentityHashMap<Object, Object> met = new IdentityHashMap<>();

  private CrossingRule() {}

  /**
   * Returns how {@code rebuilt} differs from {@code own} to a caller, the first difference
   * found, or {@code null} if it does not. The text names fields and classes, never values, so
   * that it may be logged.
   */
  static @Nullable String difference(@Nullable Object own, @Nullable Object rebuilt) {
    return new CrossingRule().compare(own, rebuilt, 0, "the result");
  }

  private @Nullable String compare(
      @Nullable Object own, @Nullable Object rebuilt, int depth, String path) {
    if (own == null || rebuilt == null) {
      return own == rebuilt
          ? null
          : path + (own == null ? " is null, and rebuilt is not" : " comes back null");
    }
    if (--values < 0 || depth > MAX_DEPTH) {
      return "the result is too large or too deep to compare";
    }
    Class<?> type = own.getClass();
    ValueShape shape = ValueShape.of(type);
    String behaviour = behaviour(own, shape);
    if (behaviour != null) {
      return path + " is " + behaviour;
    }
    if (type != rebuilt.getClass() && !sameContainerKind(shape, own, rebuilt)) {
      return path
          + " is a "
          + type.getName()
          + ", and comes back a "
          + rebuilt.getClass().getName();
    }
    if (shape.kind() == ValueShape.Kind.LEAF) {
      return own.equals(rebuilt) ? null : path + " (" + type.getName() + ") differs";
    }
    if (shape.kind() == ValueShape.Kind.OPTIONAL) {
      return compare(
          ((Optional<?>) own).orElse(null),
          ((Optional<?>) rebuilt).orElse(null),
          depth + 1,
          path + ".get()");
    }
    boolean mutable =
        shape.kind() != ValueShape.Kind.FINAL_FIELDS
            && shape.kind() != ValueShape.Kind.UNMODIFIABLE;
    if (mutable) {
      // a mutable object met twice: the rebuilt result must hold the same one twice as well
      Object before = met.putIfAbsent(own, rebuilt);
      if (before != null) {
        return before == rebuilt
            ? null
            : path + " is an object the result holds twice, and" + " comes back as two";
      }
    }
    if (type.isArray()) {
      return compareArrays(own, rebuilt, depth, path);
    }
    if (own instanceof Map<?, ?> map) {
      return compareMaps(map, (Map<?, ?>) rebuilt, depth, path);
    }
    if (own instanceof Collection<?> elements) {
      return compareElements(elements, (Collection<?>) rebuilt, depth, path + "[]");
    }
    for (Field field : ValueParts.fields(shape)) {
      String difference =
          compare(
              ValueParts.read(field, own),
              ValueParts.read(field, rebuilt),
              depth + 1,
              path + "." + field.getName());
      if (difference != null) {
        return difference;
      }
    }
    return null;
  }

  /**
   * Returns what of {@code own}'s behaviour its data does not carry, or {@code null} if its data
   * is all there is to it.
   */
  private static @Nullable String behaviour(Object own, ValueShape shape) {
    Class<?> type = own.getClass();
    if (shape.kind() == ValueShape.Kind.MANAGED) {
      return "a JPA entity (" + shape.entity() + "), which no other persistence context manages";
    }
    if ((own instanceof SortedMap<?, ?> map && map.comparator() != null)
        || (own instanceof SortedSet<?> set && set.comparator() != null)) {
      return "sorted by a comparator of its own (" + type.getName() + ")";
    }
    if (own instanceof PriorityQueue<?>) {
      return "a priority queue, whose order its data does not carry";
    }
    if (type.isSynthetic() || type.isHidden()) {
      return "a lambda or generated class (" + type.getName() + ")";
    }
    boolean walked =
        switch (shape.kind()) {
          case LEAF, OPTIONAL, ARRAY -> true;
          // of the other containers the library copies, a data class's fields are compared; a
          // page's content and pageable are not
          case MUTABLE, UNMODIFIABLE ->
              shape.copy() != null && (isJdk(type) || shape.fields() != null);
          case FINAL_FIELDS, OTHER -> shape.fields() != null && !isJdk(type);
          case MANAGED -> false;
        };
    return walked ? null : "a " + type.getName() + ", whose state cannot be compared";
  }

  private static boolean isJdk(Class<?> type) {
    return type.getName().startsWith("java.") || type.getName().startsWith("javax.");
  }

  /**
   * Whether a JDK collection or map no caller can change came back as a mutable one of the same
   * kind: a list as a list, a set as a set, a map as a map, sorted if it was.
   */
  private static boolean sameContainerKind(ValueShape shape, Object own, Object rebuilt) {
    if (shape.kind() != ValueShape.Kind.UNMODIFIABLE
        || shape.copy() == null
        || ValueShape.of(rebuilt.getClass()).kind() != ValueShape.Kind.MUTABLE) {
      return false;
    }
    if (own instanceof SortedMap<?, ?> || own instanceof SortedSet<?>) {
      return (rebuilt instanceof SortedMap<?, ?> map && map.comparator() == null)
          || (rebuilt instanceof SortedSet<?> set && set.comparator() == null);
    }
    return (own instanceof List<?> && rebuilt instanceof List<?>)
        || (own instanceof Set<?> && rebuilt instanceof Set<?>)
        || (own instanceof Map<?, ?> && rebuilt instanceof Map<?, ?>);
  }

  private @Nullable String compareArrays(Object own, Object rebuilt, int depth, String path) {
    if (own.getClass().getComponentType().isPrimitive()) {
      return Objects.deepEquals(own, rebuilt) ? null : path + " differs";
    }
    int length = Array.getLength(own);
    if (length != Array.getLength(rebuilt)) {
      return path + " comes back with another length";
    }
    for (int i = 0; i < length; i++) {
      String difference = compare(Array.get(own, i), Array.get(rebuilt, i), depth + 1, path + "[]");
      if (difference != null) {
        return difference;
      }
    }
    return null;
  }

  private @Nullable String compareMaps(Map<?, ?> own, Map<?, ?> rebuilt, int depth, String path) {
    if (own.size() != rebuilt.size()) {
      return path + " comes back with another size";
    }
    Iterator<? extends Map.Entry<?, ?>> others = rebuilt.entrySet().iterator();
    for (Map.Entry<?, ?> entry : own.entrySet()) {
      Map.Entry<?, ?> other = others.next();
      String difference = compare(entry.getKey(), other.getKey(), depth + 1, path + " key");
      if (difference == null) {
        difference = compare(entry.getValue(), other.getValue(), depth + 1, path + "[]");
      }
      if (difference != null) {
        return difference;
      }
    }
    return null;
  }

  private @Nullable String compareElements(
      Collection<?> own, Collection<?> rebuilt, int depth, String path) {
    if (own.size() != rebuilt.size()) {
      return path + " comes back with another size";
    }
    Iterator<?> others = rebuilt.iterator();
    for (Object element : own) {
      String difference = compare(element, others.next(), depth + 1, path);
      if (difference != null) {
        return difference;
      }
    }
    return null;
  }
}
