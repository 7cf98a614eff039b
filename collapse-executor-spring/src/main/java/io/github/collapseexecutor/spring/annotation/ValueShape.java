package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * What a result's runtime class is, as far as sharing it goes: decided once per class
 * ({@link #of}) from the class alone; {@link SharedResults} then looks at the values it holds.
 *
 * @param kind what the class is
 * @param fields its instance fields, readable, for classes whose fields could be read that are
 *     not containers the library knows; {@code null} otherwise
 * @param copy how a value is rebuilt around copies of its parts: a {@link Kind#MUTABLE} or
 *     {@link Kind#UNMODIFIABLE} container's, a record's or a Kotlin data class's; {@code null}
 *     for the others
 * @param entity the class a {@link Kind#MANAGED} value is an entity of, for messages
 */
@SuppressWarnings("ArrayRecordComponent") // the fields of the class, read once, never compared
record ValueShape(
    Kind kind,
    Field @Nullable [] fields,
    ContainerCopies.@Nullable Copier copy,
    @Nullable String entity) {

  /** What a class is, as far as sharing its instances goes. */
  enum Kind {
    /** Cannot be changed and holds nothing that can: shared as it is. */
    LEAF,
    /**
     * A container no caller can change: a JDK collection or map, a Spring Data page, slice or
     * window, a {@code ResponseEntity}: shared if its parts can be, rebuilt around copies else.
     */
    UNMODIFIABLE,
    /** An {@code Optional}: shared if its value can be. */
    OPTIONAL,
    /**
     * A record, or a class whose instance fields are all final: shared if their values can be; a
     * record or Kotlin data class is rebuilt around copies else.
     */
    FINAL_FIELDS,
    /**
     * A container a caller can change: a JDK collection or map, a Spring HATEOAS model, a Kotlin
     * data class with {@code var} properties: copied, same class, parts by this rule.
     */
    MUTABLE,
    /** An array: copied, elements by this rule. */
    ARRAY,
    /** A JPA entity, a Hibernate proxy or persistent collection: never handed to another. */
    MANAGED,
    /** Anything else: may be changed; shared only as a faithful copy. */
    OTHER
  }

  private static final Set<Class<?>> LEAVES =
      Set.of(
          Boolean.class,
          Byte.class,
          Short.class,
          Integer.class,
          Long.class,
          Float.class,
          Double.class,
          Character.class,
          String.class,
          BigDecimal.class,
          BigInteger.class,
          UUID.class,
          URI.class,
          Locale.class,
          Currency.class,
          Class.class);

  private static final ClassValue<ValueShape> SHAPES =
      new ClassValue<>() {
        @Override
        protected ValueShape computeValue(Class<?> type) {
          return shapeOf(type);
        }
      };

  /** Returns the shape of {@code type}, decided once. */
  static ValueShape of(Class<?> type) {
    return SHAPES.get(type);
  }

  private static ValueShape shapeOf(Class<?> type) {
    String entity = ManagedTypes.entityOf(type);
    if (entity != null) {
      return new ValueShape(Kind.MANAGED, null, null, entity);
    }
    if (LEAVES.contains(type)
        || Enum.class.isAssignableFrom(type)
        || type.getName().startsWith("java.time.")) {
      return of(Kind.LEAF);
    }
    if (type == Optional.class) {
      return of(Kind.OPTIONAL);
    }
    if (type.isArray()) {
      return of(Kind.ARRAY);
    }
    ContainerCopies.Copier copier = ContainerCopies.of(type);
    if (copier != null) {
      return new ValueShape(
          ContainerCopies.isUnmodifiable(type) ? Kind.UNMODIFIABLE : Kind.MUTABLE,
          null,
          copier,
          null);
    }
    if (isSpringDataChunk(type)) {
      // a Page or Slice: its content is only ever handed out unmodifiable
      return of(Kind.UNMODIFIABLE);
    }
    if (Collection.class.isAssignableFrom(type)
        || Map.class.isAssignableFrom(type)
        || type.getName().startsWith("java.")
        || type.getName().startsWith("javax.")) {
      // another JDK type, or a collection of a library: nothing known of what it holds
      return of(Kind.OTHER);
    }
    Field[] fields = readableFields(type);
    if (fields == null) {
      return of(Kind.OTHER);
    }
    boolean allFinal = true;
    for (Field field : fields) {
      allFinal &= Modifier.isFinal(field.getModifiers());
    }
    ContainerCopies.Copier rebuilt = ConstructorCopies.of(type, fields);
    Kind kind =
        type.isRecord() || allFinal
            ? Kind.FINAL_FIELDS
            : rebuilt != null ? Kind.MUTABLE : Kind.OTHER;
    return new ValueShape(kind, fields, rebuilt, null);
  }

  private static boolean isSpringDataChunk(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      if (c.getName().equals("org.springframework.data.domain.Chunk")) {
        return true;
      }
    }
    return false;
  }

  private static ValueShape of(Kind kind) {
    return new ValueShape(kind, null, null, null);
  }

  /**
   * Returns the instance fields of {@code type} and its superclasses, made readable, or
   * {@code null} if one cannot be read (a module that does not open its package).
   */
  private static Field @Nullable [] readableFields(Class<?> type) {
    List<Field> fields = new ArrayList<>();
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field field : c.getDeclaredFields()) {
        if (Modifier.isStatic(field.getModifiers())) {
          continue;
        }
        if (!field.trySetAccessible()) {
          return null;
        }
        fields.add(field);
      }
    }
    return fields.toArray(new Field[0]);
  }
}
