package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import org.springframework.util.ClassUtils;

/**
 * The containers the library copies itself, each rebuilt as the same class around copies of its
 * parts: the JDK's collections and maps ({@code TreeMap} and {@code TreeSet} with their
 * comparator), and the JDK's unmodifiable ones, which no caller can change: {@code List.of},
 * {@code Set.of}, {@code Map.of}, {@code Collections.unmodifiable*}, {@code empty*} and
 * {@code singleton*}; and where their libraries are on the class path, the shapes Spring
 * services return ({@link SpringDataCopies}, {@link WebCopies}, {@link HateoasCopies}). An
 * unmodifiable one is shared as it is while its parts can be, and rebuilt otherwise. Known by
 * their exact classes: a subclass may hold more.
 */
// a copy keeps the class of what the method returned, a LinkedList or a Date too; the tables are
// filled in a static block, which only the class encloses
@SuppressWarnings({"JdkObsolete", "JavaUtilDate"})
final class ContainerCopies {

  /** Rebuilds a container of one class around a copy of each of its parts. */
  @FunctionalInterface
  interface Copier {

    /**
     * Returns a container of the same class as {@code container}, of {@code part} of each part:
     * called once for each of {@link #parts}, in their order.
     */
    Object copy(Object container, UnaryOperator<@Nullable Object> part);

    /**
     * Returns the parts a copy is made of, which the sharing rule looks through: by default the
     * elements of a collection, array or other iterable, or the keys and values of a map.
     */
    default Iterable<?> parts(Object container) {
      return ValueParts.of(container);
    }
  }

  /** Where a family of containers of a library registers how each of its classes is copied. */
  interface Registry {

    /** Registers a container no caller can change: shared as it is while its parts can be. */
    void unmodifiable(Class<?> type, Copier copier);

    /** Registers a container a caller can change: copied for each caller. */
    void mutable(Class<?> type, Copier copier);
  }

  private static final IdentityHashMap<Class<?>, Copier> MUTABLE = new IdentityHashMap<>();
  private static final IdentityHashMap<Class<?>, Copier> UNMODIFIABLE = new IdentityHashMap<>();

  static {
    MUTABLE.put(ArrayList.class, (c, part) -> into(new ArrayList<>(((List<?>) c).size()), c, part));
    MUTABLE.put(LinkedList.class, (c, part) -> into(new LinkedList<>(), c, part));
    MUTABLE.put(ArrayDeque.class, (c, part) -> into(new ArrayDeque<>(), c, part));
    MUTABLE.put(HashSet.class, (c, part) -> into(new HashSet<>(), c, part));
    MUTABLE.put(LinkedHashSet.class, (c, part) -> into(new LinkedHashSet<>(), c, part));
    MUTABLE.put(TreeSet.class, (c, part) -> into(new TreeSet<>(sortedBy(c)), c, part));
    MUTABLE.put(
        CopyOnWriteArrayList.class,
        (c, part) -> new CopyOnWriteArrayList<>(into(new ArrayList<>(), c, part)));
    MUTABLE.put(
        Arrays.asList().getClass(),
        (c, part) -> Arrays.asList(into(new ArrayList<>(), c, part).toArray()));
    MUTABLE.put(HashMap.class, (c, part) -> into(new HashMap<>(), c, part));
    MUTABLE.put(LinkedHashMap.class, (c, part) -> into(new LinkedHashMap<>(), c, part));
    MUTABLE.put(TreeMap.class, (c, part) -> into(new TreeMap<>(sortedBy(c)), c, part));
    MUTABLE.put(ConcurrentHashMap.class, (c, part) -> into(new ConcurrentHashMap<>(), c, part));
    MUTABLE.put(Date.class, (c, part) -> new Date(((Date) c).getTime()));

    Copier list = (c, part) -> into(new ArrayList<>(), c, part).stream().toList();
    for (List<?> sample :
        List.of(List.of(), List.of(1), List.of(1, 2, 3), List.of(1, 2, 3).stream().toList())) {
      UNMODIFIABLE.put(sample.getClass(), list);
    }
    Copier set = (c, part) -> Set.copyOf(into(new ArrayList<>(), c, part));
    for (Set<?> sample : List.of(Set.of(), Set.of(1), Set.of(1, 2, 3))) {
      UNMODIFIABLE.put(sample.getClass(), set);
    }
    Copier map = (c, part) -> Map.copyOf(into(new LinkedHashMap<>(), c, part));
    for (Map<?, ?> sample : List.of(Map.of(), Map.of(1, 1), Map.of(1, 1, 2, 2, 3, 3))) {
      UNMODIFIABLE.put(sample.getClass(), map);
    }
    wrapper(
        Collections.unmodifiableList(new ArrayList<>()),
        ArrayList<Object>::new,
        Collections::unmodifiableList);
    wrapper(
        Collections.unmodifiableList(new LinkedList<>()),
        LinkedList<Object>::new,
        Collections::unmodifiableList);
    wrapper(
        Collections.unmodifiableCollection(new ArrayList<>()),
        ArrayList<Object>::new,
        Collections::unmodifiableCollection);
    wrapper(
        Collections.unmodifiableSet(new HashSet<>()),
        LinkedHashSet<Object>::new,
        Collections::unmodifiableSet);
    UNMODIFIABLE.put(
        Collections.unmodifiableSortedSet(new TreeSet<>()).getClass(),
        (c, part) -> Collections.unmodifiableSortedSet(into(new TreeSet<>(sortedBy(c)), c, part)));
    UNMODIFIABLE.put(
        Collections.unmodifiableNavigableSet(new TreeSet<>()).getClass(),
        (c, part) ->
            Collections.unmodifiableNavigableSet(into(new TreeSet<>(sortedBy(c)), c, part)));
    UNMODIFIABLE.put(
        Collections.unmodifiableMap(new HashMap<>()).getClass(),
        (c, part) -> Collections.unmodifiableMap(into(new LinkedHashMap<>(), c, part)));
    UNMODIFIABLE.put(
        Collections.unmodifiableSortedMap(new TreeMap<>()).getClass(),
        (c, part) -> Collections.unmodifiableSortedMap(into(new TreeMap<>(sortedBy(c)), c, part)));
    UNMODIFIABLE.put(
        Collections.unmodifiableNavigableMap(new TreeMap<>()).getClass(),
        (c, part) ->
            Collections.unmodifiableNavigableMap(into(new TreeMap<>(sortedBy(c)), c, part)));
    for (Object empty :
        List.of(
            Collections.emptyList(),
            Collections.emptySet(),
            Collections.emptyMap(),
            Collections.emptySortedSet(),
            Collections.emptyNavigableSet(),
            Collections.emptySortedMap(),
            Collections.emptyNavigableMap())) {
      UNMODIFIABLE.put(empty.getClass(), (c, part) -> c);
    }
    UNMODIFIABLE.put(
        Collections.singletonList(1).getClass(),
        (c, part) -> Collections.singletonList(part.apply(((List<?>) c).get(0))));
    UNMODIFIABLE.put(
        Collections.singleton(1).getClass(),
        (c, part) -> Collections.singleton(part.apply(((Set<?>) c).iterator().next())));
    UNMODIFIABLE.put(
        Collections.singletonMap(1, 1).getClass(),
        (c, part) -> {
          Map.Entry<?, ?> entry = ((Map<?, ?>) c).entrySet().iterator().next();
          return Collections.singletonMap(part.apply(entry.getKey()), part.apply(entry.getValue()));
        });
    Registry libraries =
        new Registry() {
          @Override
          public void unmodifiable(Class<?> type, Copier copier) {
            UNMODIFIABLE.put(type, copier);
          }

          @Override
          public void mutable(Class<?> type, Copier copier) {
            MUTABLE.put(type, copier);
          }
        };
    // each family is loaded only where its library is, so that nothing else needs it
    if (present("org.springframework.data.domain.Window")) {
      SpringDataCopies.register(libraries);
    }
    if (present("org.springframework.http.ResponseEntity")) {
      WebCopies.register(libraries);
    }
    if (present("org.springframework.hateoas.EntityModel")) {
      HateoasCopies.register(libraries);
    }
  }

  private static boolean present(String className) {
    return ClassUtils.isPresent(className, ContainerCopies.class.getClassLoader());
  }

  private ContainerCopies() {}

  /** Returns the comparator of a sorted set or map, or {@code null} for the natural order. */
  @SuppressWarnings("unchecked") // the copy holds what the original holds, in its order
  private static @Nullable Comparator<Object> sortedBy(Object sorted) {
    return (Comparator<Object>)
        (sorted instanceof SortedSet<?> set
            ? set.comparator()
            : ((SortedMap<?, ?>) sorted).comparator());
  }

  /** Returns how a container of exactly {@code type} is copied, or {@code null}. */
  static @Nullable Copier of(Class<?> type) {
    Copier copier = MUTABLE.get(type);
    return copier != null ? copier : UNMODIFIABLE.get(type);
  }

  /**
   * Returns the name of a container class the library copies that a method declared to return
   * {@code declared}, an interface or abstract class, returns, or {@code null} if there is none
   * (as for Spring Data's {@code Page}: {@code PageImpl}).
   */
  static @Nullable String implementing(Class<?> declared) {
    if ((!declared.isInterface() && !Modifier.isAbstract(declared.getModifiers()))
        || declared.getName().startsWith("java.")) {
      return null;
    }
    for (Class<?> type : UNMODIFIABLE.keySet()) {
      if (declared.isAssignableFrom(type) && !type.getName().startsWith("java.")) {
        return type.getName();
      }
    }
    for (Class<?> type : MUTABLE.keySet()) {
      if (declared.isAssignableFrom(type) && !type.getName().startsWith("java.")) {
        return type.getName();
      }
    }
    return null;
  }

  /** Returns whether no caller can change a container of exactly {@code type}. */
  static boolean isUnmodifiable(Class<?> type) {
    return UNMODIFIABLE.containsKey(type);
  }

  /** Registers an unmodifiable wrapper, rebuilt around a copy of what it wraps. */
  private static <C extends Collection<Object>> void wrapper(
      Collection<?> sample, Supplier<C> inner, Function<C, Object> wrap) {
    UNMODIFIABLE.put(sample.getClass(), (c, part) -> wrap.apply(into(inner.get(), c, part)));
  }

  /**
   * Returns {@code elements}, each as {@code part} makes it, in a new list for a container that
   * keeps a list of its own.
   */
  @SuppressWarnings("unchecked") // each copy is of the class of the element it copies
  static <T> List<T> copied(Iterable<? extends T> elements, UnaryOperator<@Nullable Object> part) {
    List<@Nullable Object> copies = new ArrayList<>();
    for (Object element : elements) {
      copies.add(part.apply(element));
    }
    return (List<T>) copies;
  }

  private static <C extends Collection<Object>> C into(
      C target, Object source, UnaryOperator<@Nullable Object> part) {
    for (Object element : (Collection<?>) source) {
      target.add(part.apply(element));
    }
    return target;
  }

  private static <M extends Map<Object, Object>> M into(
      M target, Object source, UnaryOperator<@Nullable Object> part) {
    for (Map.Entry<?, ?> entry : ((Map<?, ?>) source).entrySet()) {
      target.put(part.apply(entry.getKey()), part.apply(entry.getValue()));
    }
    return target;
  }
}
