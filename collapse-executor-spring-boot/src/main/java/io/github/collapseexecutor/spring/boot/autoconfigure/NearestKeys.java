package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.beans.PropertyDescriptor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.springframework.beans.BeanUtils;
import org.springframework.boot.context.properties.bind.DataObjectPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;
import org.springframework.core.ResolvableType;

/**
 * The known keys nearest to an unknown one. The known keys are the JavaBean properties of the
 * classes the check binds, walked into list items and map values, whose indexes and map keys take
 * the user's: {@code executors.users.timout} suggests {@code executors.users.timeout}. Keys
 * compare element by element from the end: a missing or extra element costs one, an element
 * written wrong its share of changed letters.
 */
final class NearestKeys {

  static final String ANY_NAME = "*";
  static final String ANY_INDEX = "[*]";

  /** RestClient is configured in {@code rest-template}, with RestTemplate, not where users look. */
  private static final Map<String, String> GUESSED_SECTIONS = Map.of("restclient", "rest-template");

  /** An edit of one element; a suggestion may differ by one and a typo beside it, no more. */
  private static final int ONE = 100;
  private static final int MOST = 150;

  /** Every known key, with {@link #ANY_NAME} for a map key and {@link #ANY_INDEX} for an index. */
  private final List<String> keys = new ArrayList<>(List.of(UnknownKeyCheck.READ_BY_CONDITION));

  NearestKeys() {
    UnknownKeyCheck.PROPERTIES.forEach(type ->
        walk(UnknownKeyCheck.prefixOf(type), ResolvableType.forClass(type)));
  }

  /** Adds the keys of {@code type} below {@code key}, walking them as the binder binds them. */
  private void walk(String key, ResolvableType type) {
    Class<?> resolved = type.toClass();
    if (Map.class.isAssignableFrom(resolved)) {
      walk(key + "." + ANY_NAME, type.asMap().getGeneric(1));
    } else if (Collection.class.isAssignableFrom(resolved)
        && isOurs(type.asCollection().getGeneric(0))) {
      walk(key + ANY_INDEX, type.asCollection().getGeneric(0));
    } else if (isOurs(type)) {
      for (PropertyDescriptor property : BeanUtils.getPropertyDescriptors(resolved)) {
        Method getter = property.getReadMethod();
        if (getter != null && property.getWriteMethod() != null) {
          walk(key + "." + DataObjectPropertyName.toDashedForm(property.getName()),
              ResolvableType.forMethodReturnType(getter, resolved));
        }
      }
    } else {
      keys.add(key);
    }
  }

  /** Returns whether {@code type} is one of the library's classes that bind key by key. */
  private static boolean isOurs(ResolvableType type) {
    return !type.toClass().isEnum()
        && type.toClass().getName().startsWith("io.github.collapseexecutor.");
  }

  /** Returns every known key, as {@link #keys} holds them. */
  List<String> keys() {
    return keys;
  }

  /** Returns up to four keys nearest to {@code name}, in alphabetical order; none if none is near. */
  List<String> nearest(ConfigurationPropertyName name) {
    String prefix = UnknownKeyCheck.PREFIX.toString();
    int section = UnknownKeyCheck.PREFIX.getNumberOfElements();
    List<String> written = new ArrayList<>();
    for (int i = section; i < name.getNumberOfElements(); i++) {
      String element = name.getElement(i, Form.ORIGINAL);
      written.add(name.isNumericIndex(i) ? "[" + element + "]"
          : i == section ? GUESSED_SECTIONS.getOrDefault(uniform(element), element) : element);
    }
    int best = MOST;
    TreeSet<String> nearest = new TreeSet<>();
    for (String key : keys) {
      String[] template = key.substring(prefix.length() + 1).split("\\.|(?=\\[)");
      int offset = written.size() - template.length;
      int cost = ONE * Math.max(0, offset);
      List<String> known = new ArrayList<>();
      for (int i = 0; i < template.length; i++) {
        String mine = i + offset >= 0 ? written.get(i + offset) : "";
        known.add(switch (template[i]) {
          case ANY_NAME -> mine.isEmpty() || mine.startsWith("[") ? "<name>" : mine;
          case ANY_INDEX -> mine.startsWith("[") ? mine : "[0]";
          default -> template[i];
        });
        cost += mine.isEmpty() ? ONE : changed(mine, known.get(i));
      }
      if (cost < best) {
        best = cost;
        nearest.clear();
      }
      if (cost == best) {
        nearest.add((prefix + "." + String.join(".", known)).replace(".[", "["));
      }
    }
    return nearest.stream().limit(4).toList();
  }

  /** Returns what writing {@code known} as {@code written} costs: its share of changed letters. */
  private static int changed(String written, String known) {
    String a = uniform(written);
    String b = uniform(known);
    int share = ONE * distance(a, b) / Math.max(1, Math.max(a.length(), b.length()));
    // over 40% changed is another word, and an index is never a name
    return share <= 40 && written.startsWith("[") == known.startsWith("[") ? share : 3 * ONE;
  }

  /** Returns the edits, a swap of neighbours counting as one, that turn {@code a} into {@code b}. */
  private static int distance(String a, String b) {
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
}
