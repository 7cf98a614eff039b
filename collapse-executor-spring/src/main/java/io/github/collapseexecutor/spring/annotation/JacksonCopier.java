package io.github.collapseexecutor.spring.annotation;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;
import org.springframework.core.ResolvableType;

/**
 * What the Jackson copiers share, whichever Jackson they write with ({@link JacksonResultCopier}
 * and its Jackson 2 twin): which result types they can read back (a type Jackson cannot construct
 * is refused at startup), a copy that did not come back as the result's own class refused, which
 * classes the mapper copies faithfully ({@link #fidelity}), and results written as JSON that reads
 * back, in this process or in another one with the same classes, as a result its caller could not
 * tell from the one written ({@link #writeFaithful}, {@link #read}).
 *
 * @param <T> the Jackson type Spring's resolved type is turned into, once per type
 */
public abstract sealed class JacksonCopier<T> implements ResultCopier
    permits JacksonResultCopier, Jackson2ResultCopier {

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

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the copy is not of the result's class, where a holder of
   *     the declared type could tell (a subclass read back as the declared class)
   */
  @Override
  public final Object copy(Object result, ResolvableType type) {
    Object copy = copy(result, types.computeIfAbsent(type, this::convert));
    Class<?> declared = type.toClass();
    if (copy.getClass() != result.getClass()
        && (declared == result.getClass()
            || !JsonForms.readsBackAs(declared, result, ValueShape.of(result.getClass())))) {
      throw new IllegalStateException(
          "a "
              + result.getClass().getName()
              + " came back from JSON as a "
              + copy.getClass().getName()
              + ", read as "
              + type);
    }
    return copy;
  }

  /** Writes {@code result} and reads it back as {@code type}. */
  abstract Object copy(Object result, T type);

  /** Returns {@code result} as JSON, for {@link #read}. */
  abstract byte[] write(Object result);

  /**
   * Returns the JSON {@code bytes} read as {@code type}, which {@link #canCopy} accepted: a result
   * {@link #writeFaithful} wrote, here or in another process.
   *
   * @throws RuntimeException what the mapper throws for bytes it cannot read as {@code type}
   */
  public final @Nullable Object read(byte[] bytes, ResolvableType type) {
    return read(bytes, types.computeIfAbsent(type, this::convert));
  }

  /**
   * Returns {@code result} as JSON from which {@link #read} rebuilds, wherever the same classes
   * are, a result its caller could not tell from {@code result}, and which writes the same JSON
   * again; or {@code null} if it would not. Stronger than {@code equals}: the same class for every
   * object (a subclass of {@code type} does not come back), every field the same value, ignored
   * and transient ones included, collections in the same order, and nothing that holds behaviour
   * beyond its data (a comparator of its own, a JPA entity, one mutable object held twice).
   *
   * @param type the declared type of {@code result}, which {@link #canCopy} accepted
   * @param refused told why {@code result} was refused: the first difference found, naming fields
   *     and classes, never values, so that it may be logged
   */
  public final byte @Nullable [] writeFaithful(
      Object result, ResolvableType type, Consumer<String> refused) {
    byte[] bytes = write(result);
    Object rebuilt;
    try {
      rebuilt = read(bytes, type);
    } catch (RuntimeException e) {
      refused.accept("its JSON does not read back as " + type + ": " + e.getClass().getName());
      return null;
    }
    String difference = CrossingRule.difference(result, rebuilt);
    if (difference == null && rebuilt != null && !Arrays.equals(bytes, write(rebuilt))) {
      difference = "the result, read back, writes other JSON";
    }
    if (difference != null) {
      refused.accept(difference);
      return null;
    }
    return bytes;
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
   * {@code Object}, which Jackson would read back as a map, and a type Jackson cannot construct.
   */
  @Override
  public final boolean canCopy(ResolvableType type) {
    return refusal(type) == null;
  }

  /** Returns why results of {@code type} cannot be copied, or {@code null} if they can. */
  final @Nullable String refusal(ResolvableType type) {
    Class<?> resolved = type.resolve();
    if (resolved == null || resolved == Object.class || type.hasUnresolvableGenerics()) {
      return "it does not resolve to more than Object, which Jackson would read back as a map";
    }
    try {
      if (!constructs(types.computeIfAbsent(type, this::convert))) {
        return "Jackson cannot construct a "
            + resolved.getName()
            + ": an interface or abstract class without type information, or a class without a"
            + " constructor or factory Jackson can call";
      }
    } catch (RuntimeException e) {
      return "Jackson cannot read one: " + e.getMessage();
    }
    return null;
  }

  /**
   * Returns whether the mapper can construct an object of {@code type} when it reads one.
   *
   * @throws RuntimeException what the mapper threw, finding how to read one
   */
  abstract boolean constructs(T type);

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
