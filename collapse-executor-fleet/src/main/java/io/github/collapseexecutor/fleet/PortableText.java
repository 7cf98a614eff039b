package io.github.collapseexecutor.fleet;

import io.github.collapseexecutor.core.Incubating;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.security.cert.Certificate;
import java.security.cert.CertificateEncodingException;
import java.time.ZoneId;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalAmount;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TimeZone;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Writes a value of a collapse key as text that another instance writes alike: two values are
 * written alike only if they are equal by the {@code equals} that compares them locally, so that
 * callers on two instances share only where they would share on one. Only values whose
 * {@code equals} the text can carry are written: strings, numbers, booleans, characters, enums,
 * {@code UUID}s, classes, {@code java.time} values, locales, time zones, certificates (compared
 * by their encoding), {@code Optional}s, records that keep the {@code equals} the compiler
 * generates (a final one), lists, sets and maps of them, arrays where they are compared by
 * content, and values that name what their {@code equals} compares ({@link Writable}: a caller
 * authenticated by Spring Security, whose {@code User} principal is compared by its username).
 * For any other value (a class compared by identity, a record with an {@code equals} of its own)
 * nothing is written ({@link Unwritable}), and the call stays on its instance.
 *
 * <p>For the callers of a {@link Fleet}: the adapters of collapse-executor write their keys with
 * it, and an adapter of an application's own may too.
 */
@Incubating
public final class PortableText {

  private PortableText() {}

  /**
   * Returns the text of {@code value}.
   *
   * @param arrayByContent whether an array {@code value} is compared by its content (as
   *     {@code Objects.deepEquals} compares a key and the arrays in it), or by identity (as
   *     {@code equals} compares it)
   * @throws Unwritable if {@code value}, or a value in it, cannot be written
   */
  public static String of(@Nullable Object value, boolean arrayByContent) {
    StringBuilder out = new StringBuilder();
    write(value, out, arrayByContent);
    return out.toString();
  }

  /**
   * Appends {@code value}, each token after its length.
   *
   * @param arrayByContent whether an array here is compared by its content: the key and the
   *     arrays in it are ({@code Objects.deepEquals}), an array in a list or a record is compared
   *     by identity, as is the caller's identity ({@code equals})
   */
  private static void write(@Nullable Object value, StringBuilder out, boolean arrayByContent) {
    if (value == null) {
      token("null", out);
      return;
    }
    String scalar = scalar(value);
    if (scalar != null) {
      token(scalar, out);
    } else if (value instanceof Optional<?> optional) {
      token("optional", out);
      write(optional.orElse(null), out, false);
    } else if (value instanceof List<?> list) {
      sequence("list", list, out, false);
    } else if (value.getClass().isArray() && arrayByContent) {
      List<@Nullable Object> items = new ArrayList<>();
      for (int i = 0; i < Array.getLength(value); i++) {
        items.add(Array.get(value, i));
      }
      // an int[] never equals an Integer[] of the same numbers, nor a list
      sequence("array:" + value.getClass().getComponentType().getName(), items, out, true);
    } else if (value instanceof Set<?> set) {
      unordered("set", set, out);
    } else if (value instanceof Map<?, ?> map) {
      List<List<?>> entries = new ArrayList<>();
      map.forEach((k, v) -> entries.add(Arrays.asList(k, v)));
      unordered("map", entries, out);
    } else if (value instanceof Writable writable) {
      sequence("parts:" + value.getClass().getName(), writable.equalsParts(), out, false);
    } else if (value instanceof Record record) {
      record(record, out);
    } else {
      throw new Unwritable(value.getClass());
    }
  }

  /**
   * Returns the text of a value whose {@code equals} its type and its {@code toString} (or its
   * bits) carry, or {@code null} for another kind of value.
   */
  private static @Nullable String scalar(Object value) {
    if (value instanceof String text) {
      return "s:" + text;
    }
    if (value instanceof Integer
        || value instanceof Long
        || value instanceof Short
        || value instanceof Byte
        || value instanceof Boolean
        || value instanceof Character
        || value instanceof BigInteger
        || value instanceof UUID) {
      return value.getClass().getSimpleName() + ":" + value;
    }
    if (value instanceof BigDecimal decimal) {
      // equals compares the scale too, and toString shows it: 1.0 and 1.00 differ
      return "BigDecimal:" + decimal;
    }
    if (value instanceof Double number) {
      // equals compares the bits: 0.0 and -0.0 differ, every NaN is one
      return "Double:" + Double.doubleToLongBits(number);
    }
    if (value instanceof Float number) {
      return "Float:" + Float.floatToIntBits(number);
    }
    if (value instanceof Enum<?> constant) {
      return "enum:" + constant.getDeclaringClass().getName() + "." + constant.name();
    }
    if (value instanceof Class<?> type) {
      return "class:" + type.getName();
    }
    if (value instanceof Certificate certificate) {
      try {
        // equals compares the encoded form
        return "Certificate:"
            + certificate.getType()
            + ":"
            + Base64.getEncoder().encodeToString(certificate.getEncoded());
      } catch (CertificateEncodingException e) {
        throw new Unwritable(value.getClass());
      }
    }
    if (value instanceof Locale locale) {
      return "Locale:" + locale;
    }
    if (value instanceof TimeZone zone) {
      return "TimeZone:" + zone.getID() + "/" + zone.getRawOffset();
    }
    if ((value instanceof TemporalAccessor
            || value instanceof TemporalAmount
            || value instanceof ZoneId)
        && value.getClass().getName().startsWith("java.time.")) {
      // the java.time values print every field their equals compares
      return value.getClass().getName() + ":" + value;
    }
    return null;
  }

  private static void sequence(
      String kind, Collection<?> items, StringBuilder out, boolean arrayByContent) {
    token(kind + ":" + items.size(), out);
    for (Object item : items) {
      write(item, out, arrayByContent);
    }
  }

  /** Writes the items sorted by their text, as their order is no part of their equals. */
  private static void unordered(String kind, Collection<?> items, StringBuilder out) {
    List<String> texts = new ArrayList<>(items.size());
    for (Object item : items) {
      StringBuilder text = new StringBuilder();
      write(item, text, false);
      texts.add(text.toString());
    }
    texts.sort(null);
    token(kind + ":" + texts.size(), out);
    texts.forEach(out::append);
  }

  private static void record(Record record, StringBuilder out) {
    Class<?> type = record.getClass();
    if (declaresEquals(type)) {
      // its own equals may compare less, or other things, than its components
      throw new Unwritable(type);
    }
    RecordComponent[] components = type.getRecordComponents();
    token("record:" + type.getName() + ":" + components.length, out);
    for (RecordComponent component : components) {
      Method accessor = component.getAccessor();
      Object part;
      try {
        if (!accessor.trySetAccessible()) {
          throw new Unwritable(type);
        }
        part = accessor.invoke(record);
      } catch (ReflectiveOperationException | RuntimeException e) {
        throw new Unwritable(type);
      }
      write(part, out, false);
    }
  }

  /**
   * Returns whether {@code type}, a record, has an {@code equals} written for it: the compiler
   * generates a final one, which compares the components; one written by hand seldom is final.
   */
  private static boolean declaresEquals(Class<?> type) {
    try {
      return !Modifier.isFinal(type.getDeclaredMethod("equals", Object.class).getModifiers());
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  private static void token(String token, StringBuilder out) {
    out.append(token.length()).append(':').append(token);
  }

  /**
   * A value that names what its {@code equals} compares, where the text cannot see it by itself
   * (a component whose own {@code equals} compares less than it holds).
   */
  public interface Writable {

    /**
     * Returns the values this one's {@code equals} compares, in a fixed order: two values are
     * equal only if these are, and each is written as any other value, or refused.
     */
    List<@Nullable Object> equalsParts();
  }

  /**
   * A value that keeps requests apart on one instance and stands for the same thing on every
   * instance of one application, such as the local address a request arrived on (each instance
   * has its own): compared by {@code value} here, written as {@code label} alone for the fleet,
   * the one exception to {@link Writable}'s rule, taken knowingly.
   *
   * @param label what the value is, written in its place
   * @param value what it is on this instance
   */
  public record SameOnEveryInstance(String label, Object value) implements Writable {

    @Override
    public List<@Nullable Object> equalsParts() {
      return List.of(label);
    }
  }

  /** A value whose {@code equals} the text cannot carry; no stack trace, as it is expected. */
  public static final class Unwritable extends RuntimeException {

    private static final long serialVersionUID = 1L;

    Unwritable(Class<?> type) {
      super(type.getName(), null, /* enableSuppression= */ false, /* writableStackTrace= */ false);
    }

    /** Returns the name of the class that cannot be written. */
    public String type() {
      return String.valueOf(getMessage());
    }
  }
}
