package io.github.collapseexecutor.spring.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class CollapseRulesTest {

  private final CollapseRules rules = new CollapseRules(HttpCollapseOptions.builder()
      .group(CollapseGroup.ofUris("/user/*", "/test/noop*"))
      .group(CollapseGroup.ofUris("p1", List.of("/samples/*")))
      .group(CollapseGroup.ofRegexes("/orders/[0-9]+"))
      .policy("p1", CollapsePolicy.of(List.of("X-Tenant"), List.of("sample")))
      .build());

  private static RequestHeaders headers(Map<String, List<String>> values) {
    return name -> values.entrySet().stream()
        .filter(e -> e.getKey().equalsIgnoreCase(name))
        .findFirst().map(Map.Entry::getValue).orElse(List.of());
  }

  private CollapseKey key(String method, String uri, Map<String, List<String>> headers) {
    return rules.keyFor(method, URI.create(uri), headers(headers));
  }

  private CollapseKey get(String uri) {
    return key("GET", uri, Map.of());
  }

  @Test
  void identicalRequestsHaveEqualKeys() {
    assertThat(get("http://a.test/user/1?x=1")).isEqualTo(get("http://A.TEST:80/user/1?x=1"));
  }

  @Test
  void antPatternsMatchWithinOneSegmentAndRegexesMatchTheWholePath() {
    assertThat(get("http://a.test/user/1")).isNotNull();
    assertThat(get("http://a.test/user/1/orders")).isNull();
    assertThat(get("http://a.test/test/noop")).isNotNull();
    assertThat(get("http://a.test/test/noop-slow")).isNotNull();
    assertThat(get("http://a.test/orders/12")).isNotNull();
    assertThat(get("http://a.test/orders/12x")).isNull();
    assertThat(get("http://a.test/other")).isNull();
  }

  @Test
  void onlyGetAndHeadMayCollapse() {
    assertThat(key("HEAD", "http://a.test/user/1", Map.of())).isNotNull();
    assertThat(key("POST", "http://a.test/user/1", Map.of())).isNull();
    assertThat(key("get", "http://a.test/user/1", Map.of())).isNull();
  }

  @Test
  void everyPartOfTheTargetSeparatesKeys() {
    CollapseKey base = get("http://a.test:8080/user/1?x=1");
    assertThat(get("https://a.test:8080/user/1?x=1")).isNotEqualTo(base);
    assertThat(get("http://b.test:8080/user/1?x=1")).isNotEqualTo(base);
    assertThat(get("http://a.test:8081/user/1?x=1")).isNotEqualTo(base);
    assertThat(get("http://a.test:8080/user/2?x=1")).isNotEqualTo(base);
    assertThat(get("http://a.test:8080/user/1?x=2")).isNotEqualTo(base);
    assertThat(get("http://a.test:8080/user/1")).isNotEqualTo(base);
    assertThat(key("HEAD", "http://a.test:8080/user/1?x=1", Map.of())).isNotEqualTo(base);
  }

  @Test
  void sensitiveHeadersAlwaysSeparateKeys() {
    String uri = "http://a.test/user/me";
    assertThat(key("GET", uri, Map.of("Authorization", List.of("Bearer a"))))
        .isNotEqualTo(key("GET", uri, Map.of("Authorization", List.of("Bearer b"))))
        .isNotEqualTo(key("GET", uri, Map.of()));
    assertThat(key("GET", uri, Map.of("Cookie", List.of("s=1"))))
        .isNotEqualTo(key("GET", uri, Map.of("Cookie", List.of("s=2"))));
    assertThat(key("GET", uri, Map.of("Proxy-Authorization", List.of("a"))))
        .isNotEqualTo(key("GET", uri, Map.of("Proxy-Authorization", List.of("b"))));
    assertThat(key("GET", "http://a.test/samples/1", Map.of("Authorization", List.of("a"))))
        .isNotEqualTo(key("GET", "http://a.test/samples/1", Map.of("Authorization", List.of("b"))));
  }

  @Test
  void oneHeaderValueWithACommaIsNotTheSameAsTwoValues() {
    String uri = "http://a.test/user/me";
    assertThat(key("GET", uri, Map.of("Authorization", List.of("a, b"))))
        .isNotEqualTo(key("GET", uri, Map.of("Authorization", List.of("a", "b"))));
  }

  @Test
  void aKeyKeepsTheHeaderValuesItWasBuiltWith() {
    String uri = "http://a.test/user/me";
    List<String> values = new ArrayList<>(List.of("Bearer a"));
    CollapseKey key = key("GET", uri, Map.of("Authorization", values));
    values.set(0, "Bearer b");
    assertThat(key)
        .isEqualTo(key("GET", uri, Map.of("Authorization", List.of("Bearer a"))))
        .isNotEqualTo(key("GET", uri, Map.of("Authorization", values)));
  }

  @Test
  void aNullHeaderValueStillGivesAKey() {
    List<String> nullValue = new ArrayList<>();
    nullValue.add(null);
    assertThat(key("GET", "http://a.test/user/me", Map.of("Authorization", nullValue)))
        .isNotNull()
        .isNotEqualTo(key("GET", "http://a.test/user/me", Map.of()));
  }

  @Test
  void otherHeadersSeparateKeysOnlyWhenThePolicyNamesThem() {
    assertThat(key("GET", "http://a.test/user/1", Map.of("Accept", List.of("a"))))
        .isEqualTo(key("GET", "http://a.test/user/1", Map.of("Accept", List.of("b"))));
    assertThat(key("GET", "http://a.test/samples/1", Map.of("x-tenant", List.of("a"))))
        .isNotEqualTo(key("GET", "http://a.test/samples/1", Map.of("X-Tenant", List.of("b"))));
  }

  @Test
  void aPolicyThatNamesQueriesIgnoresTheOthers() {
    assertThat(get("http://a.test/samples/1?sample=1&trace=a"))
        .isEqualTo(get("http://a.test/samples/1?trace=b&sample=1"));
    assertThat(get("http://a.test/samples/1?sample=1"))
        .isNotEqualTo(get("http://a.test/samples/1?sample=2"))
        .isNotEqualTo(get("http://a.test/samples/1"));
  }

  @Test
  void keysDoNotShowQueriesOrHeaderValues() {
    CollapseKey key = key("GET", "http://a.test/user/1?token=secret",
        Map.of("Authorization", List.of("Bearer secret")));
    assertThat(key.toString()).contains("/user/1").doesNotContain("secret");
  }

  @Test
  void aGroupThatNamesAnUndefinedPolicyIsRejectedByName() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> HttpCollapseOptions.builder()
            .group(CollapseGroup.ofUris("p2", List.of("/a/*"))).policy("p1", CollapsePolicy.DEFAULT)
            .build())
        .withMessageContaining("'p2'").withMessageContaining("[p1]");
  }

  @Test
  void invalidSettingsAreRejectedWithTheValue() {
    assertThatIllegalArgumentException().isThrownBy(() -> CollapseGroup.ofUris("user/*"))
        .withMessageContaining("user/*");
    assertThatIllegalArgumentException().isThrownBy(() -> CollapseGroup.ofRegexes("/a/[0-"))
        .withMessageContaining("/a/[0-");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> HttpCollapseOptions.builder().maxBodyBytes(-1))
        .withMessageContaining("-1");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CollapsePolicy.of(List.of(" "), List.of()))
        .withMessageContaining("collapseRequestHeaders");
  }
}
