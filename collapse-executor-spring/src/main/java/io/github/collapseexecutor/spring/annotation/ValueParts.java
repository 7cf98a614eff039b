package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** What {@link SharedResults} looks through in a value: its parts, or its fields. */
final class ValueParts {

  private ValueParts() {}

  /** The elements of a collection or array, or the keys and values of a map. */
  static Iterable<?> of(Object container) {
    if (container instanceof Collection<?> elements) {
      return elements;
    }
    if (container instanceof Map<?, ?> map) {
      List<Object> parts = new ArrayList<>(map.size() * 2);
      map.forEach(
          (key, value) -> {
            parts.add(key);
            parts.add(value);
          });
      return parts;
    }
    if (container.getClass().isArray() && !container.getClass().getComponentType().isPrimitive()) {
      return Arrays.asList((Object[]) container);
    }
    if (container instanceof Iterable<?> elements) {
      return elements;
    }
    return List.of();
  }

  static Field[] fields(ValueShape shape) {
    Field[] fields = shape.fields();
    return fields == null ? new Field[0] : fields;
  }

  static @Nullable Object read(Field field, Object value) {
    try {
      return field.get(value);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("field " + field + " was made readable", e);
    }
  }
}
