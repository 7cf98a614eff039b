package io.github.collapseexecutor.spring.annotation;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;
import org.springframework.core.ResolvableType;

/**
 * What the Jackson copiers share, whichever Jackson they write with: which result types they
 * can read back, Spring's resolved type turned into a Jackson type {@code T}, once per type, and
 * which classes the mapper copies faithfully ({@link #fidelity}).
 */
abstract class JacksonCopier<T> implements ResultCopier {

  private final Map<ResolvableType, T> types = new ConcurrentHashMap<>();
  private final JsonFidelity fidelity = new JsonFidelity(this::properties);
  private final Function<Class<?>, T> plain;
  private final BiFunction<Class<?>, T[], T> parametric;
  private final IntFunction<T[]> arrays;

  /** Takes a Jackson {@code TypeFactory}'s {@code plain} and {@code parametric} constructors. */
  JacksonCopier(
      Function<Class<?>, T> plain,
      BiFunction<Class<?>, T[], T> parametric,
      IntFunction<T[]> arrays) {
    this.plain = plain;
    this.parametric = parametric;
    this.arrays = arrays;
  }

  @Override
  public final Object copy(Object result, ResolvableType type) {
    return copy(result, types.computeIfAbsent(type, this::convert));
  }

  /** Writes {@code result} and reads it back as {@code type}. */
  abstract Object copy(Object result, T type);

  /** Returns {@code result} as JSON, for another instance to {@link #read}. */
  abstract byte[] write(Object result);

  /** Returns the JSON {@code bytes} read as {@code type}, which {@link #canCopy} accepted. */
  final @Nullable Object read(byte[] bytes, ResolvableType type) {
    return read(bytes, types.computeIfAbsent(type, this::convert));
  }

  abstract @Nullable Object read(byte[] bytes, T type);

  /** Returns which classes this copier's mapper copies faithfully. */
  final JsonFidelity fidelity() {
    return fidelity;
  }

  /** Returns what the mapper writes and reads of {@code type}. */
  abstract JsonFidelity.JsonProperties properties(Class<?> type);

  /**
   * Refuses a type that does not resolve, generics included, to something more than
   * {@code Object}, which Jackson would read back as a map.
   */
  @Override
  public final boolean canCopy(ResolvableType type) {
    Class<?> resolved = type.resolve();
    return resolved != null && resolved != Object.class && !type.hasUnresolvableGenerics();
  }

  /**
   * Returns {@code type} as resolved, not as declared: a method declared in a generic class
   * returns {@code List<T>}, which only the bean's class resolves.
   */
  private T convert(ResolvableType type) {
    Class<?> raw = type.toClass();
    ResolvableType[] generics = type.getGenerics();
    if (generics.length == 0 || raw.isArray()) {
      return plain.apply(raw);
    }
    T[] arguments = arrays.apply(generics.length);
    for (int i = 0; i < generics.length; i++) {
      arguments[i] = convert(generics[i]);
    }
    return parametric.apply(raw, arguments);
  }
}
