package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.KeyMemory;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseEndpointProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseServletFilterProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseWebFluxProperties;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.util.unit.DataSize;
import org.springframework.web.reactive.function.client.WebClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The properties hold no defaults: a key left unset takes the library's own. The defaults IDEs show
 * come from a hand-written metadata file, so each must stay the value the library applies.
 */
final class ConfigurationMetadataTest {

  private static final String HAND_WRITTEN =
      "/META-INF/additional-spring-configuration-metadata.json";

  /** The processor's output: the properties classes' javadoc with the hand-written file merged. */
  private static final String GENERATED = "/META-INF/spring-configuration-metadata.json";

  /** Returns the metadata of {@code property} in {@code file}, or {@code null} if it has none. */
  private static JsonNode entry(String file, String property) throws Exception {
    try (InputStream metadata = ConfigurationMetadataTest.class.getResourceAsStream(file)) {
      for (JsonNode entry : JsonMapper.builder().build().readTree(metadata).get("properties")) {
        if (entry.get("name").asString().equals(property)) {
          return entry;
        }
      }
    }
    return null;
  }

  private static JsonNode defaultValue(String property) throws Exception {
    JsonNode entry = entry(HAND_WRITTEN, property);
    if (entry == null) {
      throw new AssertionError("no metadata for " + property);
    }
    return entry.get("defaultValue");
  }

  private static List<String> names(String property) throws Exception {
    List<String> values = new ArrayList<>();
    defaultValue(property).forEach(value -> values.add(value.asString()));
    return values;
  }

  private static Duration duration(String property) throws Exception {
    return DurationStyle.detectAndParse(defaultValue(property).asString());
  }

  /**
   * What is set adds to the built-in names and patterns, so an IDE must not show those as a
   * default that a list of one's own would replace.
   */
  @Test
  void sensitiveHeaderListsShowNoDefaultAndSayTheyAddToTheBuiltInOnes() throws Exception {
    for (String property :
        List.of(
            "collapse.executor.sensitive-headers",
            "collapse.executor.rest-template.sensitive-headers",
            "collapse.executor.sensitive-header-patterns")) {
      JsonNode entry = entry(GENERATED, property);
      assertThat(entry.get("defaultValue")).as(property).isNull();
      assertThat(entry.get("description").asString())
          .as(property)
          .contains("added to the built-in ones");
    }
    assertThat(entry(GENERATED, "collapse.executor.additional-sensitive-headers")).isNull();
  }

  /** IDEs show descriptions as plain text, so javadoc markup would reach users raw. */
  @Test
  void everyPropertyHasAPlainTextDescription() throws Exception {
    try (InputStream metadata = ConfigurationMetadataTest.class.getResourceAsStream(GENERATED)) {
      for (JsonNode entry : JsonMapper.builder().build().readTree(metadata).get("properties")) {
        String name = entry.get("name").asString();
        JsonNode description = entry.get("description");
        assertThat(description).as("description of " + name).isNotNull();
        assertThat(description.asString())
            .as(name)
            .isNotBlank()
            .doesNotContain("{@")
            .doesNotContain("<p>")
            .doesNotContain("<pre>");
      }
    }
  }

  @Test
  void recentEventsDefaultShownToIdesIsTheRingsDefault() throws Exception {
    int ringsDefault = new CollapseEndpointProperties().getRecentEvents();
    assertThat(defaultValue("collapse.executor.endpoint.recent-events").asInt())
        .isEqualTo(ringsDefault);
    // the ring's largest capacity, which RecentCollapseEventsTest holds the ring to
    assertThat(hintValues("collapse.executor.endpoint.recent-events"))
        .containsExactly("0", String.valueOf(ringsDefault), "1000");
  }

  /**
   * An IDE completes apply-to-beans with bean names: of the section's client type where it has
   * one; RestTemplate and RestClient share no type, so rest-template offers every bean.
   */
  @Test
  void applyToBeansHintsOfferBeanNames() throws Exception {
    assertThat(beanProvider("rest-template").get("parameters")).isNull();
    assertThat(beanProvider("web-client").get("parameters").get("target").asString())
        .isEqualTo(WebClient.class.getName());
    assertThat(beanProvider("okhttp").get("parameters").get("target").asString())
        .isEqualTo(OkHttpClient.class.getName());
  }

  private static JsonNode beanProvider(String section) throws Exception {
    JsonNode provider =
        hint("collapse.executor." + section + ".apply-to-beans").get("providers").get(0);
    assertThat(provider.get("name").asString()).isEqualTo("spring-bean-reference");
    return provider;
  }

  private static List<String> hintValues(String property) throws Exception {
    List<String> values = new ArrayList<>();
    hint(property).get("values").forEach(value -> values.add(value.get("value").asString()));
    return values;
  }

  private static JsonNode hint(String property) throws Exception {
    try (InputStream metadata = ConfigurationMetadataTest.class.getResourceAsStream(GENERATED)) {
      for (JsonNode entry : JsonMapper.builder().build().readTree(metadata).get("hints")) {
        if (entry.get("name").asString().equals(property)) {
          return entry;
        }
      }
    }
    throw new AssertionError("no hint for " + property);
  }

  @Test
  void batchAndSectionDefaultsShownToIdesAreTheLibrarysDefaults() throws Exception {
    assertThat(defaultValue("collapse.executor.wait-threshold").asInt())
        .isEqualTo(CollapseExecutorOptions.DEFAULT_WAIT_THRESHOLD);
    assertThat(duration("collapse.executor.collecting-wait-time"))
        .isEqualTo(CollapseExecutorOptions.DEFAULT_COLLECTING_WAIT_TIME);
    assertThat(defaultValue("collapse.executor.max-concurrent-batches").asInt())
        .isEqualTo(CollapseExecutorOptions.DEFAULT_MAX_CONCURRENT_BATCHES);
    assertThat(defaultValue("collapse.executor.adaptive-concurrency").asBoolean())
        .isEqualTo(CollapseExecutorOptions.DEFAULT_ADAPTIVE_CONCURRENCY);
    assertThat(DataSize.parse(defaultValue("collapse.executor.max-body-size").asString()).toBytes())
        .isEqualTo(HttpCollapseOptions.DEFAULT_MAX_BODY_BYTES);
    for (String section : List.of("rest-template", "web-client", "okhttp", "servlet", "webflux")) {
      assertThat(duration("collapse.executor." + section + ".wait-timeout"))
          .isEqualTo(HttpCollapseOptions.DEFAULT_WAIT_TIMEOUT);
    }
  }

  @Test
  void keyMemoryDefaultsShownToIdesAreTheLibrarysDefaults() throws Exception {
    KeyMemory defaults = KeyMemory.defaults();
    assertThat(duration("collapse.executor.hit-for-pass-ttl")).isEqualTo(defaults.hitForPassTtl());
    assertThat(defaultValue("collapse.executor.hit-for-pass-max-keys").asInt())
        .isEqualTo(defaults.hitForPassMaxKeys());
    assertThat(duration("collapse.executor.vary-ttl")).isEqualTo(defaults.varyTtl());
    assertThat(defaultValue("collapse.executor.vary-max-keys").asInt())
        .isEqualTo(defaults.varyMaxKeys());
  }

  @Test
  void servletDefaultsShownToIdesAreTheBoundDefaults() throws Exception {
    CollapseServletFilterProperties servlet = new CollapseServletFilterProperties();
    assertThat(defaultValue("collapse.executor.servlet.order").asInt())
        .isEqualTo(servlet.getOrder());
    assertThat(names("collapse.executor.servlet.url-patterns")).isEqualTo(servlet.getUrlPatterns());
  }

  @Test
  void webfluxDefaultsShownToIdesAreTheBoundDefaults() throws Exception {
    assertThat(defaultValue("collapse.executor.webflux.order").asInt())
        .isEqualTo(new CollapseWebFluxProperties().getOrder());
  }
}
