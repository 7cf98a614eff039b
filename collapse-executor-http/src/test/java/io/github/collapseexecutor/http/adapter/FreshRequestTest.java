package io.github.collapseexecutor.http.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.RequestHeaders;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which requests ask for a fresh answer, read as RFC 9111 writes their directives. */
final class FreshRequestTest {

  @Test
  void noCacheOrAZeroMaxAgeAsksForAFreshAnswerInAnyCaseAndSpacing() {
    for (String value :
        List.of(
            "no-cache",
            "No-Cache",
            "NO-CACHE",
            " no-cache ",
            "max-age=0",
            "Max-Age=0",
            "max-age=00",
            "max-age=\"0\"",
            "max-age = 0",
            "max-age=\" 0 \"",
            "max-stale, no-cache",
            "max-age=60,no-cache",
            "no-transform , max-age=0",
            "x=\"a,b\", no-cache",
            "no-cache=\"Set-Cookie\"")) {
      assertThat(FreshRequest.asked(headers(Map.of("Cache-Control", List.of(value)))))
          .as(value)
          .isTrue();
    }
  }

  @Test
  void otherDirectivesAcceptAnAnswerInProgress() {
    for (String value :
        List.of(
            "no-store",
            "max-age=60",
            "max-age=10",
            "max-age=\"5\"",
            "max-stale=0",
            "min-fresh=0",
            "s-maxage=0",
            "no-transform",
            "only-if-cached",
            "x-no-cache",
            "x=\"no-cache\"",
            "x=\"a, no-cache\"",
            "x=\"a\\\", no-cache\"",
            "",
            " , ")) {
      assertThat(FreshRequest.asked(headers(Map.of("Cache-Control", List.of(value)))))
          .as(value)
          .isFalse();
    }
  }

  /**
   * A request whose age limit cannot be read is not trusted with an answer that may be older
   * than it.
   */
  @Test
  void aMaxAgeThatIsNoNumberAsksForAFreshAnswer() {
    for (String value : List.of("max-age", "max-age=", "max-age=-1", "max-age=soon")) {
      assertThat(FreshRequest.asked(headers(Map.of("Cache-Control", List.of(value)))))
          .as(value)
          .isTrue();
    }
  }

  @Test
  void everyCacheControlHeaderCounts() {
    assertThat(
            FreshRequest.asked(headers(Map.of("Cache-Control", List.of("max-age=60", "no-cache")))))
        .isTrue();
  }

  @Test
  void pragmaNoCacheCountsOnlyWithoutCacheControl() {
    assertThat(FreshRequest.asked(headers(Map.of("Pragma", List.of("no-cache"))))).isTrue();
    assertThat(FreshRequest.asked(headers(Map.of("Pragma", List.of("x, No-Cache"))))).isTrue();
    assertThat(
            FreshRequest.asked(
                headers(
                    Map.of("Pragma", List.of("no-cache"), "Cache-Control", List.of("max-age=60")))))
        .isFalse();
    assertThat(FreshRequest.asked(headers(Map.of("Pragma", List.of("x-no-cache"))))).isFalse();
  }

  @Test
  void aNullOrBlankValueIsNoDirective() {
    List<String> withNull = new ArrayList<>(Arrays.asList(null, " "));
    assertThat(FreshRequest.asked(headers(Map.of("Cache-Control", withNull)))).isFalse();
    assertThat(
            FreshRequest.asked(
                headers(Map.of("Cache-Control", withNull, "Pragma", List.of("no-cache")))))
        .isTrue();
    assertThat(FreshRequest.asked(headers(Map.of()))).isFalse();
  }

  @Test
  void directivesSplitAtCommasOutsideQuotedStrings() {
    assertThat(FreshRequest.directives(" A=\"x, y\" ,b , ,c=\"q\\\"r, s\""))
        .containsExactly("a=\"x, y\"", "b", "c=\"q\\\"r, s\"");
  }

  private static RequestHeaders headers(Map<String, List<String>> values) {
    return RequestHeaders.of(
        name ->
            values.entrySet().stream()
                .filter(e -> e.getKey().equalsIgnoreCase(name))
                .findFirst()
                .<List<String>>map(Map.Entry::getValue)
                .orElse(List.of()),
        values::keySet);
  }
}
