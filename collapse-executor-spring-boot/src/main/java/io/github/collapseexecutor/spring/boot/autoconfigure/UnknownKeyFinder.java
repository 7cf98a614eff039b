package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.origin.Origin;
import org.springframework.boot.origin.OriginLookup;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * Finds the {@code collapse.executor} keys of an environment that no property binds. Names are
 * read in every relaxed form Spring Boot binds ({@code maxBatchSize}, {@code max_batch_size});
 * an environment variable ({@code COLLAPSE_EXECUTOR_MAXBATCHSIZE}) is unknown only when no
 * reading of its underscores binds.
 */
final class UnknownKeyFinder {

  private static final String VARIABLE_PREFIX = "COLLAPSE_EXECUTOR_";

  private final KeyTree keys;
  private final KeySuggestions suggestions;

  UnknownKeyFinder(KeyTree keys) {
    this.keys = keys;
    this.suggestions = new KeySuggestions(keys);
  }

  /** Returns the unknown keys of {@code environment}, each once, in the order of its sources. */
  List<UnknownKey> find(ConfigurableEnvironment environment) {
    Map<String, UnknownKey> unknown = new LinkedHashMap<>();
    for (PropertySource<?> source : environment.getPropertySources()) {
      if (ConfigurationPropertySources.isAttachedConfigurationPropertySource(source)
          || !(source instanceof EnumerablePropertySource<?> names)) {
        continue;
      }
      boolean variables = source instanceof SystemEnvironmentPropertySource;
      for (String name : names.getPropertyNames()) {
        UnknownKey key = variables && name.indexOf('.') < 0
            ? checkVariable(name) : checkName(source, name, variables);
        if (key != null) {
          unknown.putIfAbsent(key.name(), key);
        }
      }
    }
    return new ArrayList<>(unknown.values());
  }

  private UnknownKey checkName(PropertySource<?> source, String written, boolean variable) {
    ConfigurationPropertyName name = ConfigurationPropertyName.adapt(written, '.');
    if (!KnownKeys.PREFIX.isAncestorOf(name)
        || keys.knows(name, KnownKeys.PREFIX.getNumberOfElements())) {
      return null;
    }
    Origin origin = OriginLookup.getOrigin(source, written);
    return new UnknownKey(written, origin == null ? null : origin.toString(),
        suggestions.nearest(name), variable);
  }

  private UnknownKey checkVariable(String variable) {
    if (!variable.toUpperCase(Locale.ROOT).startsWith(VARIABLE_PREFIX)) {
      return null;
    }
    List<String> words = new ArrayList<>();
    for (String word : variable.substring(VARIABLE_PREFIX.length()).split("_", -1)) {
      if (word.isEmpty()) {
        // a doubled or trailing underscore maps in ways not worth guessing: leave it alone
        return null;
      }
      words.add(word.toLowerCase(Locale.ROOT));
    }
    if (keys.knowsWords(words, 0)) {
      return null;
    }
    return new UnknownKey(variable, "System Environment Property \"" + variable + "\"", List.of(),
        true);
  }
}
