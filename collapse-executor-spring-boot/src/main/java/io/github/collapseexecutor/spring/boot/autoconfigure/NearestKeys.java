package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.springframework.beans.PropertyMatches;
import org.springframework.boot.context.properties.bind.DataObjectPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;
import org.springframework.util.StringUtils;

/**
 * The known keys nearest to unknown ones, as Spring suggests a bean property for a misspelt one
 * ({@link PropertyMatches}): from the end of the key, the first element with a near property of
 * the objects the binder made for the key before it (the user's map keys and list indexes
 * included), so that {@code executors.users.timout} suggests {@code executors.users.timeout}.
 */
final class NearestKeys {

  /** RestClient is configured in {@code rest-template}, with RestTemplate, not where users look. */
  private static final Map<String, String> GUESSED_SECTIONS = Map.of("restclient", "rest-template");

  private final Map<ConfigurationPropertyName, Set<Class<?>>> objects;

  /** Suggests among the properties of {@code objects}, the types the binder made by key. */
  NearestKeys(Map<ConfigurationPropertyName, Set<Class<?>>> objects) {
    this.objects = objects;
  }

  /** Returns up to four keys nearest to {@code key}, in alphabetical order; none if none is. */
  List<String> nearest(String key) {
    ConfigurationPropertyName name = ConfigurationPropertyName.adapt(key, '.');
    for (int at = name.getNumberOfElements() - 1;
        at >= UnknownKeyCheck.PREFIX.getNumberOfElements();
        at--) {
      ConfigurationPropertyName parent = name.chop(at);
      String written = name.getElement(at, Form.ORIGINAL);
      String rest = name.toString().substring(name.chop(at + 1).toString().length());
      List<String> nearest =
          Stream.concat(
                  objects.getOrDefault(parent, Set.of()).stream()
                      .flatMap(
                          type ->
                              Stream.of(
                                  PropertyMatches.forProperty(propertyName(written), type)
                                      .getPossibleMatches()))
                      .map(DataObjectPropertyName::toDashedForm),
                  Stream.ofNullable(
                      parent.equals(UnknownKeyCheck.PREFIX)
                          ? GUESSED_SECTIONS.get(
                              written.toLowerCase(Locale.ROOT).replaceAll("[-_]", ""))
                          : null))
              .map(property -> parent.append(property) + rest)
              // an element written right leads to the key itself: the mistake is after it
              .filter(suggestion -> !ConfigurationPropertyName.of(suggestion).equals(name))
              .distinct()
              .sorted()
              .limit(4)
              .toList();
      if (!nearest.isEmpty()) {
        return nearest;
      }
    }
    return List.of();
  }

  /** Returns an element as a bean property name: {@code max-batch-size} is {@code maxBatchSize}. */
  private static String propertyName(String element) {
    String[] words =
        (element.equals(element.toUpperCase(Locale.ROOT))
                ? element.toLowerCase(Locale.ROOT)
                : element)
            // every word, empty ones too, which add nothing
            .split("[-_]", /* limit= */ -1);
    StringBuilder property = new StringBuilder(words[0]);
    for (int i = 1; i < words.length; i++) {
      property.append(StringUtils.capitalize(words[i]));
    }
    return property.toString();
  }
}
