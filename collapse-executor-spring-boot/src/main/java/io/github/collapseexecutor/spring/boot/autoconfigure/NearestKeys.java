package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * The known keys nearest to unknown ones. The known keys are those Spring Boot's binder looks for
 * when it binds the properties classes from the unknown keys alone: every property of every
 * object it makes, whose map keys and list indexes are the user's, so that
 * {@code executors.users.timout} suggests {@code executors.users.timeout}. Keys compare element by
 * element from the end: a missing or extra element costs one, an element written wrong its share
 * of changed letters.
 */
final class NearestKeys {

  /** RestClient is configured in {@code rest-template}, with RestTemplate, not where users look. */
  private static final Map<String, String> GUESSED_SECTIONS = Map.of("restclient", "rest-template");

  /** An edit of one element; a suggestion may differ by one and a typo beside it, no more. */
  private static final int ONE = 100;
  private static final int MOST = 150;

  private final Set<ConfigurationPropertyName> known;

  /** Learns the known keys near {@code unknown}, keys as their sources wrote them. */
  NearestKeys(Collection<String> unknown) {
    MapConfigurationPropertySource source = new MapConfigurationPropertySource();
    unknown.forEach(key ->
        source.put(key(elements(ConfigurationPropertyName.adapt(key, '.'))), ""));
    known = UnknownKeyCheck.known(new Binder(source));
    known.removeIf(name -> !UnknownKeyCheck.PREFIX.isAncestorOf(name));
  }

  /** Returns up to four keys nearest to {@code key}, in alphabetical order; none if none is. */
  List<String> nearest(String key) {
    List<String> written = elements(ConfigurationPropertyName.adapt(key, '.'));
    int best = MOST;
    TreeSet<String> nearest = new TreeSet<>();
    for (ConfigurationPropertyName candidate : known) {
      List<String> elements = elements(candidate);
      // aligned from the end: a section left out is at the front
      int offset = written.size() - elements.size();
      int cost = ONE * Math.abs(offset);
      for (int i = Math.max(0, -offset); i < elements.size(); i++) {
        cost += changed(written.get(i + offset), elements.get(i));
      }
      if (cost < best) {
        best = cost;
        nearest.clear();
      }
      if (cost == best) {
        nearest.add(key(elements));
      }
    }
    return nearest.stream().limit(4).toList();
  }

  /** Returns the elements after the prefix, indexes in brackets, a section users guess replaced. */
  private static List<String> elements(ConfigurationPropertyName name) {
    int section = UnknownKeyCheck.PREFIX.getNumberOfElements();
    List<String> elements = new ArrayList<>();
    for (int i = section; i < name.getNumberOfElements(); i++) {
      String element = name.getElement(i, Form.ORIGINAL);
      elements.add(name.isNumericIndex(i) ? "[" + element + "]"
          : i == section ? GUESSED_SECTIONS.getOrDefault(uniform(element), element) : element);
    }
    return elements;
  }

  private static String key(List<String> elements) {
    return (UnknownKeyCheck.PREFIX + "." + String.join(".", elements)).replace(".[", "[");
  }

  /** Returns what writing {@code known} as {@code written} costs: its share of changed letters. */
  private static int changed(String written, String known) {
    String a = uniform(written);
    String b = uniform(known);
    int share = ONE * distance(a, b) / Math.max(1, Math.max(a.length(), b.length()));
    // over 40% changed is another word, and an index is never a name
    return share <= 40 && written.startsWith("[") == known.startsWith("[") ? share : 3 * ONE;
  }

  /** Returns how many edits turn {@code a} into {@code b}; a swap of neighbours is one edit. */
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
