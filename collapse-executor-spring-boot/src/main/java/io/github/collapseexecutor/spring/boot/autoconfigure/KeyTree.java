package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;

/**
 * The keys that bind below one name, as a tree: named children, the items of a list
 * ({@code [0]}), the values of a map (any one name), or anything at all below a map of plain
 * values or a type that cannot be inspected. Names compare in Spring Boot's uniform form, so
 * {@code maxBatchSize}, {@code max_batch_size} and {@code max-batch-size} are one key.
 */
final class KeyTree {

  /** The wildcard of a list item in {@link #templates()}. */
  static final String ITEM = "[*]";

  /** The wildcard of a map key in {@link #templates()}. */
  static final String ANY_NAME = "*";

  /** The wildcard of anything below, which ends a template. */
  static final String ANYTHING = "**";

  /** By uniform name; each child knows its dashed name. */
  private final Map<String, KeyTree> children = new LinkedHashMap<>();
  private final String name;
  private KeyTree items;
  private KeyTree values;
  private boolean open;
  private boolean value;

  KeyTree(String name) {
    this.name = name;
  }

  /** Returns the child named {@code dashed}, made if new. */
  KeyTree child(String dashed) {
    return children.computeIfAbsent(uniform(dashed), key -> new KeyTree(dashed));
  }

  /** Returns the node of a list's items, made if new. */
  KeyTree items() {
    if (items == null) {
      items = new KeyTree(ITEM);
    }
    return items;
  }

  /** Returns the node of a map's values, made if new. */
  KeyTree values() {
    if (values == null) {
      values = new KeyTree(ANY_NAME);
    }
    return values;
  }

  /** Marks this key as one a value binds to. */
  void takesValue() {
    value = true;
  }

  /** Marks every key below this one as known. */
  void openBelow() {
    open = true;
  }

  /** Returns the node of {@code name}, made if new, with {@code name} relative to this node. */
  KeyTree at(ConfigurationPropertyName name, int from) {
    KeyTree node = this;
    for (int i = from; i < name.getNumberOfElements(); i++) {
      node = node.child(name.getElement(i, Form.DASHED));
    }
    return node;
  }

  /**
   * Returns whether {@code name}, from its element {@code from} on, binds below this node. A name
   * that stops at a section or a group is a prefix of keys, not a mistake, and counts as known.
   */
  boolean knows(ConfigurationPropertyName name, int from) {
    if (open || from == name.getNumberOfElements()) {
      return true;
    }
    String element = name.getElement(from, Form.UNIFORM);
    KeyTree child = children.get(element);
    // a map may also name some of its keys ('default'): those and any other key are tried
    return child != null && child.knows(name, from + 1)
        || items != null && isNumber(element) && items.knows(name, from + 1)
        || values != null && values.knows(name, from + 1);
  }

  /**
   * Returns whether an environment variable whose name, after the prefix, is {@code words}
   * (split at underscores, lower case) binds below this node under some reading of it. An
   * underscore may stand for a dot or for a dropped dash, and a map key may hold underscores, so
   * every reading is tried; only a name no reading binds is unknown.
   */
  boolean knowsWords(List<String> words, int from) {
    if (open || from == words.size()) {
      return true;
    }
    if (items != null && isNumber(words.get(from)) && items.knowsWords(words, from + 1)) {
      return true;
    }
    StringBuilder joined = new StringBuilder();
    for (int to = from; to < words.size(); to++) {
      joined.append(words.get(to));
      KeyTree child = children.get(joined.toString());
      if (child != null && child.knowsWords(words, to + 1)
          || values != null && values.knowsWords(words, to + 1)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Returns every key below this node as a list of elements: dashed names, {@link #ITEM},
   * {@link #ANY_NAME} and a closing {@link #ANYTHING}.
   */
  List<List<String>> templates() {
    List<List<String>> templates = new ArrayList<>();
    collect(new ArrayList<>(), templates);
    return templates;
  }

  private void collect(List<String> path, List<List<String>> templates) {
    if (open) {
      templates.add(with(path, ANYTHING));
      return;
    }
    if (value && !path.isEmpty()) {
      templates.add(List.copyOf(path));
    }
    for (KeyTree child : children.values()) {
      child.collect(with(path, child.name), templates);
    }
    if (items != null) {
      items.collect(with(path, ITEM), templates);
    }
    if (values != null) {
      values.collect(with(path, ANY_NAME), templates);
    }
  }

  private static List<String> with(List<String> path, String element) {
    List<String> longer = new ArrayList<>(path);
    longer.add(element);
    return longer;
  }

  /** Returns {@code dashed} in the form names are compared in. */
  static String uniform(String dashed) {
    return ConfigurationPropertyName.adapt(dashed, '.').getElement(0, Form.UNIFORM);
  }

  private static boolean isNumber(String element) {
    return !element.isEmpty() && element.chars().allMatch(Character::isDigit);
  }
}
