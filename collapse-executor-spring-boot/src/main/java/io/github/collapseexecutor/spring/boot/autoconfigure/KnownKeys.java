package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.util.ClassUtils;
import org.springframework.util.StreamUtils;

/**
 * The keys that bind under {@code collapse.executor}, derived from the properties classes: the
 * configuration metadata of every jar names the classes that bind there (its groups) and the keys
 * that bind without one ({@code annotations.enabled}); {@link BindableKeys} reads each class,
 * down into the items of lists and the values of maps, which the metadata does not describe. So a
 * property added to a class is known without another edit, in this module and in any other that
 * ships metadata for the prefix.
 */
final class KnownKeys {

  /** The prefix whose keys are checked. */
  static final ConfigurationPropertyName PREFIX = ConfigurationPropertyName.of("collapse.executor");

  private static final String METADATA = "META-INF/spring-configuration-metadata.json";

  private KnownKeys() {}

  /**
   * Returns the keys below {@link #PREFIX}, or {@code null} if no metadata on the class path
   * describes the prefix, as when the classes were compiled without the configuration processor.
   */
  static KeyTree load(ClassLoader classLoader) throws IOException {
    KeyTree keys = new KeyTree(PREFIX.toString());
    boolean described = false;
    Enumeration<URL> files = classLoader.getResources(METADATA);
    while (files.hasMoreElements()) {
      String text;
      try (InputStream in = files.nextElement().openStream()) {
        text = StreamUtils.copyToString(in, StandardCharsets.UTF_8);
      }
      // most jars describe other prefixes; skip parsing them
      if (text.contains("\"" + PREFIX)) {
        described |= add(keys, MetadataJson.parse(text), classLoader);
      }
    }
    return described ? keys : null;
  }

  private static boolean add(KeyTree keys, Map<String, Object> metadata, ClassLoader loader) {
    boolean described = false;
    for (Map<?, ?> group : entries(metadata, "groups")) {
      KeyTree node = nodeOf(keys, group);
      if (node != null) {
        described = true;
        addType(node, String.valueOf(group.get("type")), loader);
      }
    }
    for (Map<?, ?> property : entries(metadata, "properties")) {
      KeyTree node = nodeOf(keys, property);
      if (node != null) {
        described = true;
        node.takesValue();
      }
    }
    return described;
  }

  private static void addType(KeyTree node, String type, ClassLoader loader) {
    Class<?> bound;
    try {
      bound = ClassUtils.forName(type, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      // a class that cannot be read cannot say which keys are wrong: none below it is reported
      node.openBelow();
      return;
    }
    BindableKeys.add(node, bound);
  }

  /** Returns the node of an entry's name, or {@code null} if the name is not below the prefix. */
  private static KeyTree nodeOf(KeyTree keys, Map<?, ?> entry) {
    ConfigurationPropertyName name =
        ConfigurationPropertyName.adapt(String.valueOf(entry.get("name")), '.');
    if (!PREFIX.equals(name) && !PREFIX.isAncestorOf(name)) {
      return null;
    }
    return keys.at(name, PREFIX.getNumberOfElements());
  }

  @SuppressWarnings("unchecked")
  private static List<Map<?, ?>> entries(Map<String, Object> metadata, String kind) {
    Object entries = metadata.get(kind);
    return entries instanceof List<?> list ? (List<Map<?, ?>>) list : List.of();
  }
}
