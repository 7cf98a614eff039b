package io.github.collapseexecutor.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

final class CollapseRulesTest {

  private final CollapseRules rules =
      new CollapseRules(
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/user/*", "/test/noop*"))
              .group(CollapseGroup.ofUris("p1", List.of("/samples/*")))
              .group(CollapseGroup.ofRegexes("/orders/[0-9]+"))
              .policy("p1", CollapsePolicy.of(List.of("X-Tenant"), List.of("sample")))
              .build());

  private static RequestHeaders headers(Map<String, List<String>> values) {
    return RequestHeaders.of(
        name ->
            values.entrySet().stream()
                .filter(e -> e.getKey().equalsIgnoreCase(name))
                .findFirst()
                .map(Map.Entry::getValue)
                .orElse(List.of()),
        values::keySet);
  }

  private CollapseKey key(String method, String uri, Map<String, List<String>> headers) {
    return key(rules, method, uri, headers);
  }

  private static CollapseKey key(
      CollapseRules rules, String method, String uri, Map<String, List<String>> headers) {
    return rules.keyFor(
        RequestTarget.builder(method, URI.create(uri)).headers(headers(headers)).build());
  }

  private static CollapseKey keyWith(CollapseRules rules, String header, String value) {
    return key(rules, "GET", "http://a.test/user/me", Map.of(header, List.of(value)));
  }

  private CollapseKey get(String uri) {
    return key("GET", uri, Map.of());
  }

  @Test
  void identicalRequestsHaveEqualKeys() {
    assertThat(get("http://a.test/user/1?x=1")).isEqualTo(get("http://A.TEST:80/user/1?x=1"));
  }

  @Test
  void pathPatternsMatchWithinOneSegmentAndRegexesMatchTheWholePath() {
    assertThat(get("http://a.test/user/1")).isNotNull();
    assertThat(get("http://a.test/user/1/orders")).isNull();
    assertThat(get("http://a.test/test/noop")).isNotNull();
    assertThat(get("http://a.test/test/noop-slow")).isNotNull();
    assertThat(get("http://a.test/orders/12")).isNotNull();
    assertThat(get("http://a.test/orders/12x")).isNull();
    assertThat(get("http://a.test/other")).isNull();
  }

  @Test
  void pathPatternsMatchAsSpringRoutesDo() {
    CollapseRules spring =
        new CollapseRules(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/users/{id:\\d+}", "/api/**", "/files/{*path}"))
                .build());
    assertThat(key(spring, "GET", "http://a.test/users/42", Map.of())).isNotNull();
    assertThat(key(spring, "GET", "http://a.test/users/me", Map.of())).isNull();
    assertThat(key(spring, "GET", "http://a.test/api", Map.of())).isNotNull();
    assertThat(key(spring, "GET", "http://a.test/api/a/b", Map.of())).isNotNull();
    assertThat(key(spring, "GET", "http://a.test/apix", Map.of())).isNull();
    assertThat(key(spring, "GET", "http://a.test/files", Map.of())).isNotNull();
  }

  @Test
  void theQueryIsNotPartOfThePathMatched() {
    assertThat(get("http://a.test/user/1?next=/a/b")).isNotNull();
    assertThat(get("http://a.test/user?id=1")).isNull();
    assertThat(get("http://a.test/test/noop?x")).isNotNull();
  }

  @Test
  void aPathPatternThatCanNeverMatchIsRejectedByIndexAndValue() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CollapseGroup.ofUris("/ok/*", "/a/**/b"))
        .withMessageStartingWith("uris[1]: uri pattern '/a/**/b' can never match: ");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CollapseGroup.ofUris("/users/{id"))
        .withMessageContaining("uris[0]")
        .withMessageContaining("'/users/{id'");
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
  void usualCredentialHeadersSeparateKeysByNameOrByWhatTheirNameHolds() {
    for (String header :
        List.of(
            "X-Api-Key",
            "Api-Key",
            "X-Auth-Token",
            "X-Access-Token",
            "X-Session-Id",
            "X-Client-Secret",
            "Private-Token",
            "My-Apikey",
            "X-Partner-Api-Key",
            "Ocp-Apim-Subscription-Key",
            "X-CMC_PRO_API_KEY",
            "X_AUTH_TOKEN",
            "X-Hub-Signature",
            "X-Client-Credential",
            "X-Password")) {
      assertThat(keyWith(rules, header, "alice"))
          .as(header)
          .isNotEqualTo(keyWith(rules, header, "bob"))
          .isEqualTo(keyWith(rules, header.toUpperCase(Locale.ROOT), "alice"));
    }
    assertThat(keyWith(rules, "X-Trace-Id", "a")).isEqualTo(keyWith(rules, "X-Trace-Id", "b"));
  }

  @Test
  void sensitiveHeadersAndPatternsCanBeAddedAndHeadersRemoved() {
    CollapseRules custom =
        new CollapseRules(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/user/*"))
                .sensitiveHeaders(List.of("X-Tenant"))
                .removeSensitiveHeaders(List.of("X-Api-Key", "X-Trace-Token"))
                .sensitiveHeaderPatterns(Set.of("credential"))
                .build());
    assertThat(keyWith(custom, "x-tenant", "a")).isNotEqualTo(keyWith(custom, "x-tenant", "b"));
    assertThat(keyWith(custom, "X-User-Credential", "a"))
        .isNotEqualTo(keyWith(custom, "X-User-Credential", "b"));
    assertThat(keyWith(custom, "X-Api-Key", "a")).isEqualTo(keyWith(custom, "X-Api-Key", "b"));
    assertThat(keyWith(custom, "X-Trace-Token", "a"))
        .isEqualTo(keyWith(custom, "X-Trace-Token", "b"));
    assertThat(keyWith(custom, "X-Session-Id", "a"))
        .isNotEqualTo(keyWith(custom, "X-Session-Id", "b"));
    assertThat(keyWith(custom, "X-Auth-Token", "a"))
        .isNotEqualTo(keyWith(custom, "X-Auth-Token", "b"));
    assertThat(keyWith(custom, "Authorization", "a"))
        .isNotEqualTo(keyWith(custom, "Authorization", "b"));
  }

  /** One address may serve several sites: the {@code Host} sent, not the URL's, picks one. */
  @Test
  void theHostHeaderSeparatesKeysWhateverTheConfiguration() {
    CollapseRules relaxed =
        new CollapseRules(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("p", List.of("/user/*")))
                .policy("p", CollapsePolicy.DEFAULT.withAcceptHeadersInKey(false))
                .removeSensitiveHeaders(List.of("Host"))
                .build());
    for (CollapseRules any : List.of(rules, relaxed)) {
      assertThat(keyWith(any, "Host", "alpha.test"))
          .isNotEqualTo(keyWith(any, "Host", "beta.test"))
          .isEqualTo(keyWith(any, "HOST", "alpha.test"));
    }
  }

  @Test
  void acceptAndAcceptLanguageSeparateKeysUnlessThePolicyLeavesThemOut() {
    CollapseRules relaxed =
        new CollapseRules(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("p", List.of("/user/*")))
                .policy("p", CollapsePolicy.DEFAULT.withAcceptHeadersInKey(false))
                .build());
    for (String header : List.of("Accept", "Accept-Language")) {
      assertThat(keyWith(rules, header, "a")).as(header).isNotEqualTo(keyWith(rules, header, "b"));
      assertThat(keyWith(relaxed, header, "a")).as(header).isEqualTo(keyWith(relaxed, header, "b"));
    }
    assertThat(keyWith(relaxed, "Accept-Encoding", "gzip"))
        .isNotEqualTo(keyWith(relaxed, "Accept-Encoding", "br"));
  }

  @Test
  void theHeadersApiVersionsTravelInByConventionSeparateKeysWhateverThePolicy() {
    CollapseRules relaxed =
        new CollapseRules(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("p", List.of("/user/*")))
                .policy("p", CollapsePolicy.DEFAULT.withAcceptHeadersInKey(false))
                .build());
    for (String header : List.of("API-Version", "X-API-Version", "Accept-Version")) {
      assertThat(keyWith(relaxed, header, "1.0"))
          .as(header)
          .isNotEqualTo(keyWith(relaxed, header, "2.0"))
          .isEqualTo(keyWith(relaxed, header.toLowerCase(java.util.Locale.ROOT), "1.0"));
    }
  }

  /** A client collapser asks for the key its adapter may have asked for already. */
  @Test
  void oneRequestIsKeyedOncePerRules() {
    List<String> listed = new ArrayList<>();
    RequestHeaders counting =
        RequestHeaders.of(
            name -> List.of("v"),
            () -> {
              listed.add("names");
              return List.of("Accept");
            });
    RequestTarget request =
        RequestTarget.builder("GET", URI.create("http://a.test/user/me")).headers(counting).build();
    CollapseKey first = rules.keyFor(request);
    assertThat(rules.keyFor(request)).isSameAs(first).isNotNull();
    assertThat(listed).hasSize(1);
    CollapseRules other =
        new CollapseRules(
            HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/user/*")).build());
    assertThat(other.keyFor(request)).isNotNull();
    assertThat(listed).hasSize(2);
  }

  @Test
  void aRequestItsAdapterKeepsOutHasNoKey() {
    assertThat(
            rules.keyFor(
                RequestTarget.builder("GET", URI.create("http://a.test/user/me"))
                    .passThrough(true)
                    .build()))
        .isNull();
  }

  @Test
  void theContextOfARequestSeparatesKeysByEquality() {
    URI uri = URI.create("http://a.test/user/me");
    RequestHeaders none = headers(Map.of());
    RequestTarget.Builder request = RequestTarget.builder("GET", uri).headers(none);
    assertThat(rules.keyFor(request.identity(Map.of("user", "alice")).build()))
        .isEqualTo(rules.keyFor(request.identity(Map.of("user", "alice")).build()))
        .isNotEqualTo(rules.keyFor(request.identity(Map.of("user", "bob")).build()))
        .isNotEqualTo(rules.keyFor(request.identity(null).build()));
  }

  @Test
  void theConnectorARequestArrivedOnSeparatesKeysAndOnlyItsPortCrossesInstances() {
    CollapseKey internal = receivedOn("10.0.0.5", 8080);
    CollapseKey publicOne = receivedOn("192.0.2.7", 8080);
    CollapseKey otherPort = receivedOn("10.0.0.5", 8443);

    assertThat(internal)
        .isEqualTo(receivedOn("10.0.0.5", 8080))
        .isNotEqualTo(publicOne)
        .isNotEqualTo(otherPort);
    // another instance, whose address is its own, has the same parts on the same port
    assertThat(internal.partsOnEveryInstance())
        .isEqualTo(publicOne.partsOnEveryInstance())
        .isNotEqualTo(otherPort.partsOnEveryInstance());
  }

  private CollapseKey receivedOn(String localAddress, int localPort) {
    return rules.keyFor(
        RequestTarget.builder("GET", "http", "a.test", 80, "/user/me")
            .headers(headers(Map.of()))
            .receivedOn(localAddress, localPort)
            .build());
  }

  @Test
  void otherHeadersSeparateKeysOnlyWhenThePolicyNamesThem() {
    assertThat(key("GET", "http://a.test/user/1", Map.of("X-Trace-Id", List.of("a"))))
        .isEqualTo(key("GET", "http://a.test/user/1", Map.of("X-Trace-Id", List.of("b"))));
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

  /**
   * A policy that lists the parameters that count must not drop a credential carried in the
   * query: a caller who would get 401 alone must not get another user's answer.
   */
  @Test
  void credentialQueryParametersSeparateKeysWhateverThePolicyLists() {
    for (String name :
        List.of(
            "access_token",
            "ACCESS_TOKEN",
            "api_key",
            "apikey",
            "key",
            "Key",
            "signature",
            "X-Amz-Signature",
            "X-Amz-Credential",
            "X-Amz-Security-Token",
            "X-Goog-Signature",
            "sig",
            "token",
            "auth",
            "password",
            "client_secret",
            "session",
            "access%5Ftoken",
            "api%2Dkey")) {
      assertThat(get("http://a.test/samples/1?sample=1&" + name + "=alice"))
          .as(name)
          .isNotEqualTo(get("http://a.test/samples/1?sample=1&" + name + "=mallory"))
          .isNotEqualTo(get("http://a.test/samples/1?sample=1"))
          .isEqualTo(get("http://a.test/samples/1?" + name + "=alice&sample=1"));
    }
  }

  /**
   * {@code key} and {@code sig} name credentials only as whole names: as fragments they would
   * keep search parameters in the key that the policy leaves out on purpose.
   */
  @Test
  void otherQueryParametersThePolicyDoesNotListStillShare() {
    for (String name : List.of("keyword", "monkey", "signal", "design", "page", "format")) {
      assertThat(get("http://a.test/samples/1?sample=1&" + name + "=a"))
          .as(name)
          .isEqualTo(get("http://a.test/samples/1?sample=1&" + name + "=b"))
          .isEqualTo(get("http://a.test/samples/1?sample=1"));
    }
  }

  @Test
  void aQueryParameterTakenOutOfTheSensitiveNamesSharesAgain() {
    CollapseRules custom =
        new CollapseRules(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("p", List.of("/samples/*")))
                .policy("p", CollapsePolicy.of(List.of(), List.of("sample")))
                .sensitiveHeaders(List.of("tenant_code"))
                .removeSensitiveHeaders(List.of("trace_token", "key"))
                .build());
    assertThat(key(custom, "GET", "http://a.test/samples/1?trace_token=a", Map.of()))
        .isEqualTo(key(custom, "GET", "http://a.test/samples/1?trace_token=b", Map.of()));
    assertThat(key(custom, "GET", "http://a.test/samples/1?key=a", Map.of()))
        .isEqualTo(key(custom, "GET", "http://a.test/samples/1?key=b", Map.of()));
    assertThat(key(custom, "GET", "http://a.test/samples/1?tenant_code=a", Map.of()))
        .isNotEqualTo(key(custom, "GET", "http://a.test/samples/1?tenant_code=b", Map.of()));
  }

  @Test
  void aListedValueWithACommaIsNotTheSameAsTwoValues() {
    CollapseRules raw =
        new CollapseRules(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("p", List.of("/samples/*")))
                .policy("p", CollapsePolicy.of(List.of(), List.of("sample")))
                .build());
    assertThat(
            raw.keyFor(
                RequestTarget.builder("GET", "http", "a.test", 80, "/samples/1")
                    .query("sample=a, b")
                    .build()))
        .isNotEqualTo(
            raw.keyFor(
                RequestTarget.builder("GET", "http", "a.test", 80, "/samples/1")
                    .query("sample=a&sample=b")
                    .build()));
  }

  @Test
  void keysDoNotShowQueriesOrHeaderValues() {
    CollapseKey key =
        key(
            "GET",
            "http://a.test/user/1?token=secret",
            Map.of("Authorization", List.of("Bearer secret")));
    assertThat(key.toString()).contains("/user/1").doesNotContain("secret");
    assertThat(get("http://a.test/samples/1?sample=1&access_token=secret").toString())
        .contains("/samples/1")
        .doesNotContain("secret")
        .doesNotContain("access_token");
  }

  @Test
  void aGroupThatNamesAnUndefinedPolicyIsRejectedByName() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                HttpCollapseOptions.builder()
                    .group(CollapseGroup.ofUris("p2", List.of("/a/*")))
                    .policy("p1", CollapsePolicy.DEFAULT)
                    .build())
        .withMessageContaining("'p2'")
        .withMessageContaining("[p1]");
  }

  @Test
  void invalidSettingsAreRejectedWithTheValue() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CollapseGroup.ofUris("user/*"))
        .withMessageContaining("user/*");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CollapseGroup.ofRegexes("/a/[0-"))
        .withMessageContaining("/a/[0-");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> HttpCollapseOptions.builder().maxBodyBytes(-1))
        .withMessageContaining("-1");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CollapsePolicy.of(List.of(" "), List.of()))
        .withMessageContaining("collapseRequestHeaders");
  }
}
