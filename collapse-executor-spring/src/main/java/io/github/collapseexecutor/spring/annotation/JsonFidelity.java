package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether the application's JSON mapper copies the objects of a class faithfully: it rebuilds the
 * class itself (a concrete class of the application, not a JDK one), and every instance field
 * is a property the mapper both writes and reads, none of them ignored, transient or one-way,
 * with nothing written or read around the properties (any-getters and any-setters,
 * {@code @JsonValue}). Decided once per class from the class and the mapper's view of it; what
 * the fields hold is looked at by {@link SharedResults}. A class whose copy failed all the same is
 * no longer copied.
 */
final class JsonFidelity {

  /**
   * What a JSON mapper makes of a class.
   *
   * @param written the names of the properties it writes, internal and field names alike
   * @param read the names of the properties it reads back
   * @param plain whether nothing is written or read around the properties
   */
  record JsonProperties(Set<String> written, Set<String> read, boolean plain) {}

  /** A JSON mapper's view of a class. */
  @FunctionalInterface
  interface Introspection {
    JsonProperties of(Class<?> type);
  }

  private final Introspection introspection;
  private final Set<Class<?>> failed = ConcurrentHashMap.newKeySet();
  private final ClassValue<Boolean> faithful =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          return decide(type);
        }
      };

  JsonFidelity(Introspection introspection) {
    this.introspection = introspection;
  }

  /** Returns whether the mapper copies objects of exactly {@code type} faithfully. */
  boolean copiesFaithfully(Class<?> type) {
    return faithful.get(type) && !failed.contains(type);
  }

  /** Records that a copy of a {@code type} failed: it is not copied again. */
  void failed(Class<?> type) {
    failed.add(type);
  }

  private boolean decide(Class<?> type) {
    int modifiers = type.getModifiers();
    if (type.isInterface()
        || Modifier.isAbstract(modifiers)
        || type.isArray()
        || type.isPrimitive()
        || type.isAnonymousClass()
        || type.isLocalClass()
        || type.isSynthetic()
        || type.isHidden()
        || (type.isMemberClass() && !Modifier.isStatic(modifiers))
        || type.getName().startsWith("java.")
        || type.getName().startsWith("javax.")) {
      return false;
    }
    ValueShape shape = ValueShape.of(type);
    Field[] fields = shape.fields();
    if (fields == null || shape.kind() == ValueShape.Kind.MANAGED) {
      return false;
    }
    JsonProperties properties;
    try {
      properties = introspection.of(type);
    } catch (RuntimeException e) {
      return false;
    }
    if (!properties.plain()) {
      return false;
    }
    for (Field field : fields) {
      if (Modifier.isTransient(field.getModifiers())
          || field.isSynthetic()
          || !properties.written().contains(field.getName())
          || !properties.read().contains(field.getName())) {
        return false;
      }
    }
    return true;
  }
}
