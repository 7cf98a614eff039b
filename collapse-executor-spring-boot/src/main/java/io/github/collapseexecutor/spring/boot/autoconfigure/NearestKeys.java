package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.beans.PropertyDescriptor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.springframework.beans.BeanUtils;
import org.springframework.boot.context.properties.bind.DataObjectPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;
import org.springframework.core.ResolvableType;

/**
 * The known keys nearest to an unknown one, among those the properties classes bind (read from
 * their JavaBean properties, down into list items and map values). Keys compare element by element: an element written
 * wrong costs its share of changed letters (a share over 0.4 is another word), a missing or extra
 * element costs one. A template's map keys and list indexes take the user's, so
 * {@code collapse.executor.executors.users.timout} suggests
 * {@code collapse.executor.executors.users.timeout}.
 */
final class NearestKeys {

  private static final String PREFIX = UnknownKeyCheck.PREFIX.toString();

  /** Most a suggestion may differ by: one missing or extra element and a typo beside it. */
  private static final double MOST = 1.5;
  private static final double MOST_CHANGED = 0.4;
  private static final int MOST_SHOWN = 4;

  /**
   * Section names users guess, in uniform form, and the section they meant: RestClient is
   * configured in {@code rest-template}, with RestTemplate.
   */
  private static final Map<String, String> GUESSED_SECTIONS = Map.of("restclient", "rest-template");

  static final String ANY_NAME = "*";
  static final String ANY_INDEX = "[*]";

  /**
   * Every key the classes of {@link UnknownKeyCheck#PROPERTIES} bind, as elements after the prefix
   * in dashed form, with {@link #ANY_NAME} for a map key and {@link #ANY_INDEX} for a list index.
   */
  private final List<List<String>> templates = new ArrayList<>();

  NearestKeys() {
    templates.add(List.of("annotations", "enabled"));
    for (Class<?> type : UnknownKeyCheck.PROPERTIES) {
      String prefix = UnknownKeyCheck.prefixOf(type);
      walk(prefix.length() == PREFIX.length() ? List.of()
          : List.of(prefix.substring(PREFIX.length() + 1)), ResolvableType.forClass(type));
    }
  }

  /** Adds the keys of {@code type} below {@code path}, walking them as the binder binds them. */
  private void walk(List<String> path, ResolvableType type) {
    Class<?> resolved = type.toClass();
    if (Map.class.isAssignableFrom(resolved)) {
      walk(with(path, ANY_NAME), type.asMap().getGeneric(1));
    } else if (Collection.class.isAssignableFrom(resolved)
        && isObject(type.asCollection().getGeneric(0))) {
      walk(with(path, ANY_INDEX), type.asCollection().getGeneric(0));
    } else if (isObject(type)) {
      for (PropertyDescriptor property : BeanUtils.getPropertyDescriptors(resolved)) {
        Method getter = property.getReadMethod();
        ResolvableType propertyType = getter == null ? ResolvableType.NONE
            : ResolvableType.forMethodReturnType(getter, resolved);
        // a value needs a setter; a nested object, list or map does not
        if (getter != null && getter.getDeclaringClass() != Object.class
            && (property.getWriteMethod() != null || isObject(propertyType)
                || Map.class.isAssignableFrom(propertyType.toClass())
                || Collection.class.isAssignableFrom(propertyType.toClass()))) {
          walk(with(path, DataObjectPropertyName.toDashedForm(property.getName())), propertyType);
        }
      }
    } else {
      templates.add(path);
    }
  }

  /** Returns whether {@code type} is one of the library's classes that bind key by key. */
  private static boolean isObject(ResolvableType type) {
    return !type.toClass().isEnum()
        && type.toClass().getName().startsWith("io.github.collapseexecutor.");
  }

  private static List<String> with(List<String> path, String element) {
    List<String> longer = new ArrayList<>(path);
    longer.add(element);
    return longer;
  }

  /** Returns every key the classes bind, as {@link #templates} describes them. */
  List<List<String>> templates() {
    return templates;
  }

  /** Returns the keys nearest to {@code name} in alphabetical order, or none if none is near. */
  List<String> nearest(ConfigurationPropertyName name) {
    int first = UnknownKeyCheck.PREFIX.getNumberOfElements();
    List<String> written = new ArrayList<>();
    for (int i = first; i < name.getNumberOfElements(); i++) {
      String element = name.getElement(i, Form.ORIGINAL);
      written.add(name.isNumericIndex(i) ? "[" + element + "]"
          : i == first ? GUESSED_SECTIONS.getOrDefault(uniform(element), element) : element);
    }
    double best = MOST;
    SortedSet<String> nearest = new TreeSet<>();
    for (List<String> template : templates) {
      List<String> known = filled(template, written);
      double cost = cost(written, known);
      if (cost < best - 1e-9) {
        best = cost;
        nearest.clear();
      }
      if (cost < best + 1e-9) {
        nearest.add(key(known));
      }
    }
    return nearest.stream().limit(MOST_SHOWN).toList();
  }

  /** Returns {@code template} with the user's map keys and indexes, aligned from the end. */
  private static List<String> filled(List<String> template, List<String> written) {
    int offset = written.size() - template.size();
    List<String> filled = new ArrayList<>();
    for (int i = 0; i < template.size(); i++) {
      String element = template.get(i);
      String mine = i + offset >= 0 ? written.get(i + offset) : "";
      if (element.equals(ANY_NAME)) {
        element = mine.isEmpty() || mine.startsWith("[") ? "<name>" : mine;
      } else if (element.equals(ANY_INDEX)) {
        element = mine.startsWith("[") ? mine : "[0]";
      }
      filled.add(element);
    }
    return filled;
  }

  /** Returns the least cost of the edits of elements that turn {@code written} into {@code known}. */
  private static double cost(List<String> written, List<String> known) {
    double[][] d = new double[written.size() + 1][known.size() + 1];
    for (int i = 0; i <= written.size(); i++) {
      for (int j = 0; j <= known.size(); j++) {
        d[i][j] = i == 0 || j == 0 ? i + j : Math.min(Math.min(d[i - 1][j], d[i][j - 1]) + 1,
            d[i - 1][j - 1] + changed(written.get(i - 1), known.get(j - 1)));
      }
    }
    return d[written.size()][known.size()];
  }

  /** Returns the share of letters that differ, or more than any edit costs if it is too much. */
  private static double changed(String written, String known) {
    String a = uniform(written);
    String b = uniform(known);
    double share = (double) distance(a, b) / Math.max(1, Math.max(a.length(), b.length()));
    return share <= MOST_CHANGED && written.startsWith("[") == known.startsWith("[") ? share : 3;
  }

  /** Returns the edits, a swap of neighbours counting as one, that turn {@code a} into {@code b}. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      for (int j = 0; j <= b.length(); j++) {
        d[i][j] = i == 0 || j == 0 ? i + j : Math.min(Math.min(d[i - 1][j], d[i][j - 1]) + 1,
            d[i - 1][j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }

  /** Returns an element as names compare: {@code maxBatchSize} is {@code max-batch-size}. */
  private static String uniform(String element) {
    return element.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
  }

  private static String key(List<String> elements) {
    StringBuilder key = new StringBuilder(PREFIX);
    elements.forEach(e -> key.append(e.startsWith("[") ? "" : ".").append(e));
    return key.toString();
  }
}
