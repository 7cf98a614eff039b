package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.spring.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.KeyMemory;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.util.unit.DataSize;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The properties hold no defaults: a key left unset takes the library's own. The defaults IDEs show
 * come from a hand-written metadata file, so each must stay the value the library applies.
 */
final class ConfigurationMetadataTest {

  private static JsonNode defaultValue(String property) throws Exception {
    try (InputStream metadata = ConfigurationMetadataTest.class.getResourceAsStream(
        "/META-INF/additional-spring-configuration-metadata.json")) {
      for (JsonNode entry : JsonMapper.builder().build().readTree(metadata).get("properties")) {
        if (entry.get("name").asString().equals(property)) {
          return entry.get("defaultValue");
        }
      }
    }
    throw new AssertionError("no metadata for " + property);
  }

  private static List<String> names(String property) throws Exception {
    List<String> values = new ArrayList<>();
    defaultValue(property).forEach(value -> values.add(value.asString()));
    return values;
  }

  private static Duration duration(String property) throws Exception {
    return DurationStyle.detectAndParse(defaultValue(property).asString());
  }

  private static List<String> sorted(Set<String> names) {
    return List.copyOf(new TreeSet<>(names));
  }

  @Test
  void sensitiveHeaderDefaultsShownToIdesAreTheLibrarysDefaults() throws Exception {
    assertThat(names("collapse.executor.sensitive-headers"))
        .isEqualTo(sorted(HttpCollapseOptions.DEFAULT_SENSITIVE_HEADERS));
    assertThat(names("collapse.executor.sensitive-header-patterns"))
        .isEqualTo(sorted(HttpCollapseOptions.DEFAULT_SENSITIVE_HEADER_PATTERNS));
  }

  @Test
  void batchAndSectionDefaultsShownToIdesAreTheLibrarysDefaults() throws Exception {
    assertThat(defaultValue("collapse.executor.wait-threshold").asInt())
        .isEqualTo(CollapseExecutorOptions.DEFAULT_WAIT_THRESHOLD);
    assertThat(duration("collapse.executor.collecting-wait-time"))
        .isEqualTo(CollapseExecutorOptions.DEFAULT_COLLECTING_WAIT_TIME);
    assertThat(defaultValue("collapse.executor.max-concurrent-batches").asInt())
        .isEqualTo(CollapseExecutorOptions.DEFAULT_MAX_CONCURRENT_BATCHES);
    assertThat(DataSize.parse(defaultValue("collapse.executor.max-body-size").asString()).toBytes())
        .isEqualTo(HttpCollapseOptions.DEFAULT_MAX_BODY_BYTES);
    for (String section : List.of("rest-template", "web-client", "okhttp", "servlet")) {
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
    CollapseExecutorProperties.ServletSection servlet = new CollapseExecutorProperties().getServlet();
    assertThat(defaultValue("collapse.executor.servlet.order").asInt())
        .isEqualTo(servlet.getOrder());
    assertThat(names("collapse.executor.servlet.url-patterns"))
        .isEqualTo(servlet.getUrlPatterns());
  }
}
