package io.github.collapseexecutor.spring.annotation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;

/**
 * What a JSON mapper builds when it reads back, as a declared type, the JSON form of a value:
 * whether that is the value's own class (or, for a collection or map declared by its interface,
 * the mapper's default class for it, which behaves alike for whoever holds the declared type).
 */
final class JsonForms {

  private static final Class<?> ARRAYS_AS_LIST = Arrays.asList().getClass();

  private JsonForms() {}

  /**
   * Returns whether reading back the JSON form of {@code value} as {@code declared} builds an
   * object a holder of {@code declared} cannot tell from {@code value}.
   *
   * @param shape the shape of {@code value}'s class
   */
  static boolean readsBackAs(Class<?> declared, Object value, ValueShape shape) {
    Class<?> type = value.getClass();
    if ((value instanceof SortedSet<?> set && set.comparator() != null)
        || (value instanceof SortedMap<?, ?> map && map.comparator() != null)) {
      // the JSON form has the elements in order, but not the order itself
      return false;
    }
    if (declared.isPrimitive() || declared == type) {
      return true;
    }
    if (declared.isEnum() && declared.isAssignableFrom(type)) {
      // an enum constant with a body of its own
      return true;
    }
    boolean unmodifiable = shape.kind() == ValueShape.Kind.UNMODIFIABLE;
    if (declared == List.class || declared == Collection.class || declared == Iterable.class) {
      // read back as an ArrayList, which may be changed where the original could not
      return value instanceof List<?>
          && (type == ArrayList.class || type == ARRAYS_AS_LIST || unmodifiable);
    }
    if (declared == Set.class) {
      return !(value instanceof SortedSet<?>)
          && (type == HashSet.class || (unmodifiable && value instanceof Set<?>));
    }
    if (declared == Map.class) {
      return !(value instanceof SortedMap<?, ?>)
          && (type == HashMap.class
              || type == LinkedHashMap.class
              || (unmodifiable && value instanceof Map<?, ?>));
    }
    return false;
  }
}
