package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;

/**
 * The known keys nearest to an unknown one. Keys are compared element by element: a misspelt
 * element costs its share of changed letters, a missing or extra element costs one, a list index
 * or a map key matches its wildcard. The result keeps the user's indexes and map keys:
 * {@code collapse.executor.executors.users.timout} suggests
 * {@code collapse.executor.executors.users.timeout}.
 */
final class KeySuggestions {

  /** Most a suggestion may differ by: one missing or extra element and a typo beside it. */
  private static final double MOST = 1.5;

  /** Most share of an element's letters a typo may change; more is another word. */
  private static final double MOST_CHANGED = 0.4;

  private static final double NO_MATCH = 100;
  private static final int MOST_SHOWN = 4;

  private final List<List<String>> templates;

  /** Creates the suggestions among {@code keys}. */
  KeySuggestions(KeyTree keys) {
    this.templates = keys.templates();
  }

  /** Returns the nearest keys to {@code name}, best first, or none if no key is near. */
  List<String> nearest(ConfigurationPropertyName name) {
    List<Element> elements = new ArrayList<>();
    for (int i = KnownKeys.PREFIX.getNumberOfElements(); i < name.getNumberOfElements(); i++) {
      elements.add(new Element(name.getElement(i, Form.ORIGINAL),
          name.getElement(i, Form.UNIFORM), name.isNumericIndex(i)
              || name.getElement(i, Form.UNIFORM).chars().allMatch(Character::isDigit)));
    }
    double best = MOST;
    Set<String> nearest = new LinkedHashSet<>();
    for (List<String> template : templates) {
      double[][] costs = costs(elements, template);
      if (costs[0][0] < best - 1e-9) {
        best = costs[0][0];
        nearest.clear();
      }
      if (Math.abs(costs[0][0] - best) < 1e-9) {
        nearest.add(render(elements, template, costs));
      }
    }
    return nearest.stream().limit(MOST_SHOWN).toList();
  }

  /** Returns, for each pair of positions, the least cost of aligning the rests. */
  private static double[][] costs(List<Element> elements, List<String> template) {
    int n = elements.size();
    int m = template.size();
    double[][] costs = new double[n + 1][m + 1];
    for (int i = n; i >= 0; i--) {
      for (int j = m; j >= 0; j--) {
        if (j < m && template.get(j).equals(KeyTree.ANYTHING)) {
          costs[i][j] = 0;
          continue;
        }
        double cost = i == n && j == m ? 0 : NO_MATCH;
        if (i < n) {
          cost = Math.min(cost, 1 + costs[i + 1][j]);
        }
        if (j < m) {
          cost = Math.min(cost, 1 + costs[i][j + 1]);
        }
        if (i < n && j < m) {
          cost = Math.min(cost, change(elements.get(i), template.get(j)) + costs[i + 1][j + 1]);
        }
        costs[i][j] = cost;
      }
    }
    return costs;
  }

  /** Returns the cost of reading {@code element} as {@code known}. */
  private static double change(Element element, String known) {
    if (known.equals(KeyTree.ANY_NAME)) {
      return 0;
    }
    if (known.equals(KeyTree.ITEM)) {
      return element.number() ? 0 : NO_MATCH;
    }
    String uniform = KeyTree.uniform(known);
    double changed = (double) distance(element.uniform(), uniform)
        / Math.max(element.uniform().length(), uniform.length());
    return changed <= MOST_CHANGED ? changed : NO_MATCH;
  }

  /** Returns the key {@code template} stands for, with the user's indexes and map keys. */
  private static String render(List<Element> elements, List<String> template, double[][] costs) {
    StringBuilder key = new StringBuilder(KnownKeys.PREFIX.toString());
    int i = 0;
    int j = 0;
    while (j < template.size()) {
      String known = template.get(j);
      if (known.equals(KeyTree.ANYTHING)) {
        elements.subList(i, elements.size()).forEach(rest -> append(key, rest.original()));
        return key.toString();
      }
      if (i < elements.size() && Math.abs(costs[i][j]
          - change(elements.get(i), known) - costs[i + 1][j + 1]) < 1e-9) {
        append(key, shown(known, elements.get(i)));
        i++;
        j++;
      } else if (Math.abs(costs[i][j] - 1 - costs[i][j + 1]) < 1e-9) {
        append(key, shown(known, null));
        j++;
      } else {
        i++;
      }
    }
    return key.toString();
  }

  private static String shown(String known, Element element) {
    if (known.equals(KeyTree.ITEM)) {
      return "[" + (element == null ? "0" : element.original()) + "]";
    }
    if (known.equals(KeyTree.ANY_NAME)) {
      return element == null ? "<name>" : element.original();
    }
    return known;
  }

  private static void append(StringBuilder key, String element) {
    key.append(element.startsWith("[") ? "" : ".").append(element);
  }

  /** Returns the edits, a swap of neighbours counting as one, that turn {@code a} into {@code b}. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      for (int j = 0; j <= b.length(); j++) {
        if (i == 0 || j == 0) {
          d[i][j] = i + j;
          continue;
        }
        int same = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + same);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }

  /** One element of the unknown key: as written, as compared, and whether it is an index. */
  private record Element(String original, String uniform, boolean number) {}
}
