package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import java.beans.PropertyDescriptor;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.BeanUtils;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DataObjectPropertyName;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.ResolvableType;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.util.ClassUtils;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The metadata IDEs read ({@code META-INF/spring-configuration-metadata.json}: the processor's
 * output with the hand-written file merged) describes every key the properties classes bind, so
 * that it cannot drift from them, and the unknown-key check binds every class a scan for
 * {@code @ConfigurationProperties} finds under the prefix. A key inside a list item or a map value
 * is described, as the processor describes it, by the list's or map's own entry, whose type names
 * the item; a map whose keys have hints ({@code executors.default}) lists each hinted key's keys
 * too.
 */
final class MetadataCoverageTest {

  private static final String PREFIX = "collapse.executor";

  /** Keys a condition reads and no properties class binds. */
  private static final Set<String> READ_BY_CONDITIONS =
      Set.of("collapse.executor.annotations.enabled");

  private static final Map<String, String> types = new HashMap<>();
  private static final Map<String, List<String>> hints = new HashMap<>();
  private static final Set<Class<?>> scanned = new HashSet<>();
  private static final String ANY_NAME = "*";
  private static final String ANY_INDEX = "[*]";

  /**
   * Every key the classes of the check bind, as elements after the prefix, with {@link #ANY_NAME}
   * for a map key and {@link #ANY_INDEX} for a list index: their JavaBean properties, walked into
   * list items and map values as the binder binds them.
   */
  private static final List<List<String>> templates = new ArrayList<>();

  @BeforeAll
  static void read() throws Exception {
    try (InputStream in =
        MetadataCoverageTest.class.getResourceAsStream(
            "/META-INF/spring-configuration-metadata.json")) {
      JsonNode metadata = JsonMapper.builder().build().readTree(in);
      for (JsonNode property : metadata.get("properties")) {
        types.put(property.get("name").asString(), property.path("type").asString(""));
      }
      for (JsonNode hint : metadata.get("hints")) {
        List<String> values = new ArrayList<>();
        hint.path("values").forEach(value -> values.add(value.get("value").asString()));
        hints.put(hint.get("name").asString(), values);
      }
    }
    ClassPathScanningCandidateComponentProvider scanner =
        new ClassPathScanningCandidateComponentProvider(false);
    scanner.addIncludeFilter(new AnnotationTypeFilter(ConfigurationProperties.class));
    for (BeanDefinition candidate : scanner.findCandidateComponents("io.github.collapseexecutor")) {
      Class<?> type = ClassUtils.forName(candidate.getBeanClassName(), null);
      ConfigurationProperties annotation =
          AnnotationUtils.findAnnotation(type, ConfigurationProperties.class);
      if (annotation.prefix().startsWith(PREFIX)) {
        scanned.add(type);
      }
    }
    templates.add(List.of("annotations", "enabled"));
    for (Class<?> type : UnknownKeyCheck.PROPERTIES) {
      String prefix = UnknownKeyCheck.prefixOf(type);
      walk(
          // a section below another's (grpc.server) is a path of several names
          prefix.equals(PREFIX)
              ? List.of()
              : List.of(prefix.substring(PREFIX.length() + 1).split("\\.")),
          ResolvableType.forClass(type));
    }
  }

  /** Adds the keys of {@code type} below {@code path}. */
  private static void walk(List<String> path, ResolvableType type) {
    Class<?> resolved = type.toClass();
    if (Map.class.isAssignableFrom(resolved)) {
      walk(with(path, ANY_NAME), type.asMap().getGeneric(1));
    } else if (Collection.class.isAssignableFrom(resolved)
        && isOurs(type.asCollection().getGeneric(0))) {
      walk(with(path, ANY_INDEX), type.asCollection().getGeneric(0));
    } else if (isOurs(type)) {
      for (PropertyDescriptor property : BeanUtils.getPropertyDescriptors(resolved)) {
        // a value needs a setter; a list or map the binder fills may do without
        if (property.getReadMethod() != null
            && (property.getWriteMethod() != null
                || Map.class.isAssignableFrom(property.getPropertyType())
                || Collection.class.isAssignableFrom(property.getPropertyType()))) {
          walk(
              with(path, DataObjectPropertyName.toDashedForm(property.getName())),
              ResolvableType.forMethodReturnType(property.getReadMethod(), resolved));
        }
      }
    } else {
      templates.add(path);
    }
  }

  private static boolean isOurs(ResolvableType type) {
    return !type.toClass().isEnum()
        && type.toClass().getName().startsWith("io.github.collapseexecutor.");
  }

  private static List<String> with(List<String> path, String element) {
    List<String> longer = new ArrayList<>(path);
    longer.add(element);
    return longer;
  }

  @Test
  void theUnknownKeyCheckBindsEveryPropertiesClassOfThePrefix() {
    assertThat(UnknownKeyCheck.PROPERTIES).containsExactlyInAnyOrderElementsOf(scanned);
  }

  @Test
  void everyKeyTheClassesBindIsInTheMetadata() {
    List<String> missing = new ArrayList<>();
    for (List<String> template : templates) {
      int wildcard = firstWildcard(template);
      String key = key(template.subList(0, wildcard));
      if (wildcard == template.size()) {
        if (!types.containsKey(key)) {
          missing.add(key);
        }
      } else if (!types.getOrDefault(key, "").contains("<")) {
        missing.add(key + " (a list or map entry that names its item type)");
      } else if (template.get(wildcard).equals(ANY_NAME)) {
        for (String hinted : hints.getOrDefault(key + ".keys", List.of())) {
          List<String> named = new ArrayList<>(template);
          named.set(wildcard, hinted);
          if (firstWildcard(named) == named.size() && !types.containsKey(key(named))) {
            missing.add(key(named));
          }
        }
      }
    }
    assertThat(missing)
        .as("keys the properties classes bind and the metadata does not list")
        .isEmpty();
  }

  @Test
  void everyKeyInTheMetadataBinds() {
    List<String> stale = new ArrayList<>();
    for (String key : types.keySet()) {
      if (key.startsWith(PREFIX + ".")
          && !READ_BY_CONDITIONS.contains(key)
          && templates.stream().noneMatch(template -> binds(key, template))) {
        stale.add(key);
      }
    }
    assertThat(stale).as("metadata entries no property binds").isEmpty();
  }

  @Test
  void everyKeyWithAnEnumValueHasAHintOfEachValue() {
    for (Map.Entry<String, String> property : types.entrySet()) {
      if (!property.getKey().startsWith(PREFIX + ".")) {
        continue;
      }
      Class<?> type =
          ClassUtils.resolveClassName(
              property.getValue().replaceAll("<.*", ""), getClass().getClassLoader());
      if (type.isEnum()) {
        List<String> allowed = new ArrayList<>();
        for (Object constant : type.getEnumConstants()) {
          allowed.add(((Enum<?>) constant).name().toLowerCase().replace('_', '-'));
        }
        assertThat(hints.get(property.getKey()))
            .as(property.getKey())
            .containsExactlyElementsOf(allowed);
      }
    }
  }

  @Test
  void theNonSensitiveHeaderHintsAreTheBuiltInSensitiveHeaders() {
    assertThat(hints.get(PREFIX + ".non-sensitive-headers"))
        .containsExactlyInAnyOrderElementsOf(HttpCollapseOptions.DEFAULT_SENSITIVE_HEADERS);
  }

  private static int firstWildcard(List<String> template) {
    for (int i = 0; i < template.size(); i++) {
      if (template.get(i).equals(ANY_INDEX) || template.get(i).equals(ANY_NAME)) {
        return i;
      }
    }
    return template.size();
  }

  private static String key(List<String> elements) {
    return PREFIX
        + (elements.isEmpty() ? "" : "." + String.join(".", elements))
            .replace("." + ANY_INDEX, ANY_INDEX);
  }

  /** Returns whether {@code template} binds {@code key}, or is an item of the list or map it names. */
  private static boolean binds(String key, List<String> template) {
    List<String> elements = List.of(key.substring(PREFIX.length() + 1).split("\\."));
    for (int i = 0; i < template.size(); i++) {
      boolean wildcard = template.get(i).equals(ANY_NAME) || template.get(i).equals(ANY_INDEX);
      if (i == elements.size()) {
        return wildcard;
      }
      if (!wildcard && !template.get(i).equals(elements.get(i))) {
        return false;
      }
    }
    return elements.size() == template.size();
  }
}
