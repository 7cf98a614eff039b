package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Date;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.core.ResolvableType;

/**
 * Decides what a caller that did not run a method gets of the result another caller's run
 * returned, so that no caller sees what another does to its result, and none gets an object a
 * persistence context of another thread manages:
 *
 * <ul>
 *   <li>a result holding a JPA entity, a Hibernate proxy or persistent collection anywhere it
 *       looks is {@link Verdict#MANAGED}: not handed over;
 *   <li>a result no caller can change is {@link Verdict#SHARE}d as it is: boxes of primitives,
 *       {@code String}, enums, {@code java.time}, {@code BigDecimal}, {@code BigInteger},
 *       {@code UUID}, {@code URI}, {@code Locale}, the JDK's unmodifiable collections, Spring
 *       Data's pages, slices and windows, {@code ResponseEntity}, records and classes whose
 *       instance fields are all final, and {@code Optional}s, holding such values;
 *   <li>the containers the library copies ({@link ContainerCopies}: the JDK's collections and
 *       maps, arrays, {@code Date}, Spring Data's pages, slices and windows,
 *       {@code ResponseEntity}, Spring HATEOAS's models, records and Kotlin data classes) are
 *       {@link Verdict#COPY} rebuilt by the library, same class, their parts by this rule, when a
 *       caller could change them or a part is copied; any other object is copied by the
 *       application's Jackson copier when that copies its class faithfully ({@link JsonFidelity})
 *       and what it holds comes back as it is;
 *   <li>anything else is {@link Verdict#UNSHAREABLE}.
 * </ul>
 *
 * <p>Classes are judged once each ({@link ValueShape}); the values of one result are looked
 * through to a bounded depth and number, past which a result is not shared. The type blamed for a
 * result not shared is named with the containers it was found in.
 */
final class SharedResults {

  /** What a look at one result found, from the least to the most severe. */
  enum Verdict {
    /** Nothing can be changed: shared as it is. */
    SHARE,
    /** Copied for each caller. */
    COPY,
    /** Cannot be shared faithfully. */
    UNSHAREABLE,
    /** Holds objects a persistence context manages. */
    MANAGED
  }

  /**
   * The look at one result.
   *
   * @param verdict what it found
   * @param culprit the type that decided an {@code UNSHAREABLE} or {@code MANAGED} verdict, with
   *     the containers it was found in
   * @param viaJson the parts, by identity, that the JSON copier copies whole
   */
  record Look(Verdict verdict, @Nullable String culprit, Set<Object> viaJson) {}

  private static final int MAX_DEPTH = 32;
  private static final int MAX_VALUES = 100_000;

  private final @Nullable JacksonCopier<?> json;

  /** Creates the decision, with the application's Jackson copier or without one. */
  SharedResults(@Nullable JacksonCopier<?> json) {
    this.json = json;
  }

  /** Looks at {@code result}: what may be shared, copied, or neither. */
  Look look(Object result) {
    Walk walk = new Walk();
    Verdict verdict = walk.visit(result, 0);
    return new Look(verdict, walk.culprit, walk.viaJson);
  }

  /**
   * Returns a copy of {@code value} for one caller, which {@link #look} found to be shared or
   * copied.
   *
   * @throws RuntimeException what the JSON copier threw; its class is not copied again
   */
  @Nullable Object copy(@Nullable Object value, Look look) {
    if (value == null) {
      return null;
    }
    if (look.viaJson().contains(value)) {
      return viaJson(value);
    }
    ValueShape shape = ValueShape.of(value.getClass());
    return switch (shape.kind()) {
      case OPTIONAL -> {
        Object inside = ((Optional<?>) value).orElse(null);
        Object copied = copy(inside, look);
        yield copied == inside ? value : Optional.ofNullable(copied);
      }
      case MUTABLE -> copier(shape).copy(value, part -> copy(part, look));
      case UNMODIFIABLE, FINAL_FIELDS -> {
        ContainerCopies.Copier copier = shape.copy();
        yield copier == null ? value : rebuiltIfChanged(value, copier, look);
      }
      case ARRAY -> copyArray(value, look);
      default -> value;
    };
  }

  /**
   * Returns {@code value} itself when no part of it changes in a copy, as no caller can change
   * it, else it rebuilt around the copies of its parts: the copies are made first, so that a
   * container of values shared as they are is not rebuilt for nothing.
   */
  private Object rebuiltIfChanged(Object value, ContainerCopies.Copier copier, Look look) {
    List<@Nullable Object> copies = new ArrayList<>();
    boolean changed = false;
    for (Object part : copier.parts(value)) {
      Object copied = copy(part, look);
      changed |= copied != part;
      copies.add(copied);
    }
    if (!changed) {
      return value;
    }
    Iterator<@Nullable Object> next = copies.iterator();
    return copier.copy(value, part -> next.next());
  }

  private Object viaJson(Object value) {
    JacksonCopier<?> copier = json;
    if (copier == null) {
      throw new IllegalStateException("no JSON copier for " + value.getClass().getName());
    }
    try {
      return copier.copy(value, ResolvableType.forClass(value.getClass()));
    } catch (RuntimeException e) {
      copier.fidelity().failed(value.getClass());
      throw e;
    }
  }

  private Object copyArray(Object array, Look look) {
    int length = Array.getLength(array);
    Object copy = Array.newInstance(array.getClass().getComponentType(), length);
    if (array.getClass().getComponentType().isPrimitive()) {
      System.arraycopy(array, 0, copy, 0, length);
      return copy;
    }
    for (int i = 0; i < length; i++) {
      Array.set(copy, i, copy(Array.get(array, i), look));
    }
    return copy;
  }

  private static ContainerCopies.Copier copier(ValueShape shape) {
    ContainerCopies.Copier copier = shape.copy();
    if (copier == null) {
      throw new IllegalStateException("no copier for " + shape);
    }
    return copier;
  }

  /** One look through one result's values, within its bounds. */
  private final class Walk {

    private int values = MAX_VALUES;
    private @Nullable String culprit;

    /** The containers the value visited now is in, innermost first. */
    private final Deque<String> within = new ArrayDeque<>();

    private Verdict blamed = Verdict.SHARE;
    private final Set<Object> viaJson = Collections.newSetFromMap(new IdentityHashMap<>());

    Verdict visit(@Nullable Object value, int depth) {
      if (value == null) {
        return Verdict.SHARE;
      }
      if (--values < 0 || depth > MAX_DEPTH) {
        return blame(Verdict.UNSHAREABLE, "a result too large or too deep to look through");
      }
      ValueShape shape = ValueShape.of(value.getClass());
      return switch (shape.kind()) {
        case LEAF -> Verdict.SHARE;
        case MANAGED -> blame(Verdict.MANAGED, shape.entity());
        case OPTIONAL ->
            visitAll(Collections.singletonList(((Optional<?>) value).orElse(null)), value, depth);
        case UNMODIFIABLE -> {
          Verdict held = parts(value, shape, depth);
          // a subclass of a Spring Data page cannot be rebuilt around copies of its content
          yield held == Verdict.COPY && shape.copy() == null
              ? blame(Verdict.UNSHAREABLE, value.getClass().getName())
              : held;
        }
        case MUTABLE, ARRAY -> worst(Verdict.COPY, parts(value, shape, depth));
        case FINAL_FIELDS -> {
          Verdict held = fields(value, shape, depth);
          yield held == Verdict.SHARE || held == Verdict.MANAGED || shape.copy() != null
              ? held
              : viaJson(value, depth);
        }
        case OTHER -> viaJson(value, depth);
      };
    }

    private Verdict parts(Object container, ValueShape shape, int depth) {
      ContainerCopies.Copier copier = shape.copy();
      return visitAll(
          copier == null ? ValueParts.of(container) : copier.parts(container), container, depth);
    }

    private Verdict fields(Object value, ValueShape shape, int depth) {
      List<@Nullable Object> values = new ArrayList<>();
      for (Field field : ValueParts.fields(shape)) {
        values.add(ValueParts.read(field, value));
      }
      return visitAll(values, value, depth);
    }

    private Verdict visitAll(Iterable<?> parts, Object container, int depth) {
      within.push(container.getClass().getName());
      try {
        Verdict worst = Verdict.SHARE;
        for (Object part : parts) {
          worst = worst(worst, visit(part, depth + 1));
          if (worst == Verdict.MANAGED) {
            break;
          }
        }
        return worst;
      } finally {
        within.pop();
      }
    }

    /** Copied by the JSON copier, if it copies {@code value} and all it holds faithfully. */
    private Verdict viaJson(Object value, int depth) {
      if (json == null) {
        return blame(Verdict.UNSHAREABLE, value.getClass().getName());
      }
      Verdict verdict = json(value, ResolvableType.forClass(value.getClass()), depth);
      if (verdict.compareTo(Verdict.COPY) <= 0) {
        viaJson.add(value);
        return Verdict.COPY;
      }
      return verdict;
    }

    /** Whether the JSON form of {@code value}, read back as {@code declared}, is a copy of it. */
    private Verdict json(@Nullable Object value, ResolvableType declared, int depth) {
      if (value == null) {
        return Verdict.SHARE;
      }
      if (--values < 0 || depth > MAX_DEPTH) {
        return blame(Verdict.UNSHAREABLE, "a result too large or too deep to look through");
      }
      Class<?> type = value.getClass();
      ValueShape shape = ValueShape.of(type);
      if (shape.kind() == ValueShape.Kind.MANAGED) {
        return blame(Verdict.MANAGED, shape.entity());
      }
      if (!JsonForms.readsBackAs(declared.toClass(), value, shape)) {
        return blame(Verdict.UNSHAREABLE, type.getName());
      }
      return switch (shape.kind()) {
        case OPTIONAL ->
            json(((Optional<?>) value).orElse(null), declared.getGeneric(0), depth + 1);
        case ARRAY -> jsonParts(value, declared.getComponentType(), depth);
        case UNMODIFIABLE, MUTABLE -> {
          if (value instanceof Map<?, ?> map) {
            yield worst(
                jsonParts(map.keySet(), declared.asMap().getGeneric(0), depth),
                jsonParts(map.values(), declared.asMap().getGeneric(1), depth));
          }
          if (value instanceof Collection<?> elements) {
            yield jsonParts(elements, declared.asCollection().getGeneric(0), depth);
          }
          if (shape.fields() != null) {
            // a Kotlin data class, read back like any other class
            yield jsonFields(value, shape, declared, depth);
          }
          // a Date reads back; a page, a window, a response entity or a model does not
          yield value instanceof Date ? Verdict.COPY : blame(Verdict.UNSHAREABLE, type.getName());
        }
        case FINAL_FIELDS, OTHER -> jsonFields(value, shape, declared, depth);
        default -> Verdict.SHARE;
      };
    }

    private Verdict jsonParts(Object parts, ResolvableType element, int depth) {
      Verdict worst = Verdict.SHARE;
      for (Object part : ValueParts.of(parts)) {
        worst = worst(worst, json(part, element, depth + 1));
      }
      return worst;
    }

    private Verdict jsonFields(Object value, ValueShape shape, ResolvableType declared, int depth) {
      JacksonCopier<?> copier = json;
      if (copier == null || !copier.fidelity().copiesFaithfully(value.getClass())) {
        return blame(Verdict.UNSHAREABLE, value.getClass().getName());
      }
      Verdict worst = Verdict.COPY;
      for (Field field : ValueParts.fields(shape)) {
        worst =
            worst(
                worst,
                json(
                    ValueParts.read(field, value),
                    ResolvableType.forField(field, declared),
                    depth + 1));
      }
      return worst;
    }

    private Verdict blame(Verdict verdict, @Nullable String type) {
      if (verdict.compareTo(blamed) > 0) {
        blamed = verdict;
        StringBuilder named = new StringBuilder(String.valueOf(type));
        for (String container : within) {
          named.append(" in ").append(container);
        }
        culprit = named.toString();
      }
      return verdict;
    }
  }

  private static Verdict worst(Verdict one, Verdict other) {
    return one.compareTo(other) >= 0 ? one : other;
  }
}
