package io.github.collapseexecutor.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.core.SpringVersion;
import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPatternParser;
import org.springframework.web.util.pattern.PatternParseException;

/**
 * {@link RoutePattern} matches as Spring MVC and WebFlux route: each row is checked against
 * Spring's own {@link PathPatternParser} as well as against the expected answer, so a row that
 * disagrees with Spring fails even if the expectation was written wrong. The expectations are
 * Spring Framework 7's, whose matching the adapters follow.
 */
@EnabledIf(
    value = "onSpringFramework7OrLater",
    disabledReason = "the expected matches are Spring Framework 7's")
final class RoutePatternParityTest {

  static boolean onSpringFramework7OrLater() {
    return !String.valueOf(SpringVersion.getVersion()).startsWith("6.");
  }

  private static final PathPatternParser SPRING = new PathPatternParser();

  @ParameterizedTest(name = "{0} ~ {1} = {2}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      /user/*            | /user/42          | true
      /user/*            | /user/            | true
      /user/*            | /user             | false
      /user/*            | /user/42/orders   | false
      /user/*            | /user/;p=1        | true
      /test/noop*        | /test/noop        | true
      /test/noop*        | /test/noop-slow   | true
      /test/noop*        | /test/noop/x      | false
      /test/noop*        | /test/noo         | false
      /users/{id}        | /users/42         | true
      /users/{id}        | /users/           | false
      /users/{id}        | /users/42/        | false
      /users/{id}        | /users/;p=1       | false
      /users/{id}        | /users/a%2Fb      | true
      /users/{id:\\d+}   | /users/42         | true
      /users/{id:\\d+}   | /users/4a         | false
      /users/{id:\\d{3}} | /users/123        | true
      /users/{id:\\d{3}} | /users/12         | false
      /users/{id}/orders | /users/42/orders  | true
      /users/{id}/orders | /users//orders    | false
      /api/**            | /api              | true
      /api/**            | /api/             | true
      /api/**            | /api/a/b          | true
      /api/**            | /apix             | false
      /api/**            | /api%2F           | false
      /api/**            | /api;v=1/x        | true
      /**                | /                 | true
      /**                | /x/y              | true
      /**/b              | /b                | true
      /**/b              | /x/y/b            | true
      /**/b              | /b/               | false
      /**/b              | /                 | false
      /**/*.html         | /a/x.html         | true
      /**/*.html         | /x.html           | true
      /**/*.html         | /a/x.json         | false
      /{*rest}/b         | /b                | true
      /files/{*path}     | /files            | true
      /files/{*path}     | /files/           | true
      /files/{*path}     | /files/a/b        | true
      /files/{*path}     | /filesx           | false
      /a/*/c             | /a/b/c            | true
      /a/*/c             | /a//c             | false
      /a/*/**            | /a/b              | true
      /a/*/**            | /a/               | false
      /a/*               | /a//              | false
      /a/b               | /a/b/             | false
      /a/b               | /a//b             | false
      /a/b               | /a/b;x=1          | true
      /a/b               | /a/%62            | true
      /a/b               | /A/b              | false
      /a?c               | /abc              | true
      /a?c               | /ac               | false
      /a/{x}-{y}         | /a/1-2            | true
      /a/{x}-{y}         | /a/12             | false
      /a/x{y}            | /a/x              | true
      /a/x{y}            | /a/               | false
      /a/{x:[a-z]+}.json | /a/ab.json        | true
      /a/{x:[a-z]+}.json | /a/a1.json        | false
      /a/{x:[ab]}        | /a/ab             | false
      /a/{x:[ab]}        | /a/b              | true
      /a.b               | /aXb              | false
      /a+b               | /a+b              | true
      /a b               | /a%20b            | true
      /café              | /caf%C3%A9        | true
      /*                 | /                 | true
      /                  | /                 | true
      /                  | /a                | false
      """)
  void matchesAsSpringDoes(String pattern, String path, boolean expected) {
    boolean spring = SPRING.parse(pattern).matches(PathContainer.parsePath(path));
    assertThat(spring).as("Spring: %s ~ %s", pattern, path).isEqualTo(expected);
    assertThat(RoutePattern.parse(pattern).matches(path))
        .as("%s ~ %s", pattern, path)
        .isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/a/**/b",
        "/a/{*x}/b",
        "/**/b/**",
        "/{*x}/**",
        "/a/*{*x}",
        "/a/{id",
        "/a/}",
        "/a/{x:}",
        "/a/{x:[}",
        "/{a}/{a}",
        "/a/{x:a/b}"
      })
  void rejectsWhatSpringRejects(String pattern) {
    assertThatThrownBy(() -> SPRING.parse(pattern)).isInstanceOf(PatternParseException.class);
    assertThatIllegalArgumentException()
        .isThrownBy(() -> RoutePattern.parse(pattern))
        .withMessageContaining("'" + pattern + "'");
  }

  /** Spring takes such a pattern, then fails every request it is matched against. */
  @ParameterizedTest
  @ValueSource(strings = {"/a/{x:(a)(b)}", "/a/{x:(b)}"})
  void rejectsWhatSpringCannotMatchWith(String pattern) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> SPRING.parse(pattern).matches(PathContainer.parsePath("/a/b")))
        .withMessageContaining("No capture groups allowed");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> RoutePattern.parse(pattern))
        .withMessageContaining("'" + pattern + "'");
  }

  @ParameterizedTest
  @ValueSource(strings = {"user/*", "", "*"})
  void rejectsAPatternWithoutLeadingSlash(String pattern) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> RoutePattern.parse(pattern))
        .withMessageContaining("'" + pattern + "'")
        .withMessageContaining("start with '/'");
  }

  @ParameterizedTest
  @ValueSource(strings = {"/a/%zz", "/a/%2"})
  void aMalformedEscapeMatchesNothing(String path) {
    assertThat(RoutePattern.parse("/a/*").matches(path)).isFalse();
  }
}
