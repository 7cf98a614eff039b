package io.github.collapseexecutor.http.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a server's collapsed part produced: the difference of the headers after and before. */
class ProducedHeadersTest {

  private static final Map<String, List<String>> OUTER =
      headers(
          "X-Request-Id", List.of("outer-1"),
          "Vary", List.of("Origin"),
          "X-Trace", List.of("t1"),
          "Cache-Control", List.of("no-cache"));

  @Test
  void headersTheOuterFiltersSetAndThePartLeftAloneAreNotProduced() {
    ProducedHeaders.Produced produced = ProducedHeaders.since(OUTER).of(OUTER, false);

    assertThat(produced.headers()).isEmpty();
    assertThat(produced.replaced()).isEmpty();
    assertThat(produced.removed()).isEmpty();
  }

  @Test
  void valuesAddedAfterTheOuterOnesAreProducedAlone() {
    Map<String, List<String>> after = new LinkedHashMap<>(OUTER);
    after.put("Vary", List.of("Origin", "Accept"));
    after.put("Content-Type", List.of("text/plain"));

    ProducedHeaders.Produced produced = ProducedHeaders.since(OUTER).of(after, false);

    assertThat(produced.headers())
        .containsExactly(
            HeaderLists.entry("Vary", "Accept"), HeaderLists.entry("Content-Type", "text/plain"));
    assertThat(produced.replaced()).isEmpty();
  }

  @Test
  void replacedValuesAreProducedWholeAndTheirNameMarkedLowerCase() {
    Map<String, List<String>> after = new LinkedHashMap<>(OUTER);
    after.put("Cache-Control", List.of("max-age=60", "public"));

    ProducedHeaders.Produced produced = ProducedHeaders.since(OUTER).of(after, false);

    assertThat(produced.headers())
        .containsExactly(
            HeaderLists.entry("Cache-Control", "max-age=60"),
            HeaderLists.entry("Cache-Control", "public"));
    assertThat(produced.replaced()).containsExactly("cache-control");
  }

  @Test
  void removedHeadersAreNamedWhateverTheCaseTheResponseGivesThem() {
    Map<String, List<String>> after = new LinkedHashMap<>(OUTER);
    after.remove("X-Trace");
    after.remove("X-Request-Id");
    after.put("x-request-id", List.of("outer-1"));

    ProducedHeaders.Produced produced = ProducedHeaders.since(OUTER).of(after, false);

    assertThat(produced.removed()).containsExactly("x-trace");
    assertThat(produced.headers()).isEmpty();
  }

  @Test
  void afterAClearEveryHeaderIsProducedAndReplacesAndNothingIsRemoved() {
    Map<String, List<String>> after = headers("Vary", List.of("Origin"), "ETag", List.of("\"1\""));

    ProducedHeaders.Produced produced = ProducedHeaders.since(OUTER).of(after, true);

    assertThat(produced.headers())
        .containsExactly(HeaderLists.entry("Vary", "Origin"), HeaderLists.entry("ETag", "\"1\""));
    assertThat(produced.replaced()).containsExactlyInAnyOrder("vary", "etag");
    assertThat(produced.removed()).isEmpty();
  }

  private static Map<String, List<String>> headers(Object... namesAndValues) {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      @SuppressWarnings("unchecked")
      List<String> values = (List<String>) namesAndValues[i + 1];
      headers.put((String) namesAndValues[i], values);
    }
    return headers;
  }
}
