package io.github.collapseexecutor.spring.annotation;

import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * Records and Kotlin data classes, rebuilt around copies of their fields through the constructor
 * that takes every one of them in order: a record's canonical constructor, a data class's primary
 * one. A copy whose constructor did not keep a value as given (it normalized or replaced it) is
 * refused, as it would not be the object the method returned.
 */
final class ConstructorCopies implements ContainerCopies.Copier {

  private final Constructor<?> constructor;
  private final Field[] fields;

  private ConstructorCopies(Constructor<?> constructor, Field[] fields) {
    this.constructor = constructor;
    this.fields = fields;
  }

  /**
   * Returns how a {@code type} is rebuilt, or {@code null} if it is neither a record nor a Kotlin
   * data class, or has no constructor of exactly its {@code fields}, or it cannot be called.
   */
  static ContainerCopies.@Nullable Copier of(Class<?> type, Field[] fields) {
    if (fields.length == 0 || (!type.isRecord() && !isKotlinDataClass(type))) {
      return null;
    }
    Class<?>[] types = Arrays.stream(fields).map(Field::getType).toArray(Class<?>[]::new);
    try {
      Constructor<?> constructor = type.getDeclaredConstructor(types);
      return constructor.trySetAccessible() ? new ConstructorCopies(constructor, fields) : null;
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  /** A class compiled by Kotlin with a data class's {@code component1()} and {@code copy}. */
  private static boolean isKotlinDataClass(Class<?> type) {
    boolean kotlin = false;
    for (Annotation annotation : type.getDeclaredAnnotations()) {
      kotlin |= annotation.annotationType().getName().equals("kotlin.Metadata");
    }
    if (!kotlin) {
      return false;
    }
    boolean component = false;
    boolean copy = false;
    for (Method method : type.getDeclaredMethods()) {
      component |= method.getName().equals("component1") && method.getParameterCount() == 0;
      copy |= method.getName().equals("copy") && method.getReturnType() == type;
    }
    return component && copy;
  }

  @Override
  public Object copy(Object value, UnaryOperator<@Nullable Object> part) {
    Object[] arguments = new Object[fields.length];
    for (int i = 0; i < fields.length; i++) {
      arguments[i] = part.apply(ValueParts.read(fields[i], value));
    }
    Object copy;
    try {
      copy = constructor.newInstance(arguments);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(
          constructor.getDeclaringClass().getName() + "'s constructor failed", e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(constructor + " could not be called", e);
    }
    for (int i = 0; i < fields.length; i++) {
      if (!kept(ValueParts.read(fields[i], copy), arguments[i])) {
        throw new IllegalStateException(
            constructor.getDeclaringClass().getName()
                + "'s constructor does not keep "
                + fields[i].getName()
                + " as given");
      }
    }
    return copy;
  }

  @Override
  public Iterable<?> parts(Object value) {
    List<@Nullable Object> parts = new ArrayList<>(fields.length);
    for (Field field : fields) {
      parts.add(ValueParts.read(field, value));
    }
    return parts;
  }

  /** Whether a constructor kept {@code given}: itself, or an equal object of its class. */
  private static boolean kept(@Nullable Object stored, @Nullable Object given) {
    return stored == given
        || (stored != null
            && given != null
            && stored.getClass() == given.getClass()
            && stored.equals(given));
  }
}
