package io.github.collapseexecutor.spring.boot.autoconfigure.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.accept.ApiVersionResolver;
import org.springframework.web.accept.DefaultApiVersionStrategy;
import org.springframework.web.accept.HeaderApiVersionResolver;
import org.springframework.web.accept.PathApiVersionResolver;
import org.springframework.web.accept.SemanticApiVersionParser;
import org.springframework.web.util.ServletRequestPathUtils;

/**
 * The servlet filter's key part: the raw version the application's strategy reads, whatever it
 * reads it from, and a part equal to no other for a request it cannot read.
 */
final class ServletApiVersionsTest {

  @Test
  void aHeaderVersionIsTheHeadersValue() {
    Function<HttpServletRequest, Object> part =
        keyPart(new HeaderApiVersionResolver("API-Version"));
    MockHttpServletRequest request = new MockHttpServletRequest("GET", "/greeting");
    request.addHeader("API-Version", "1.2");

    assertThat(part.apply(request)).isEqualTo("1.2");
  }

  @Test
  void aPathVersionIsReadWithoutLeavingAParsedPathBehind() {
    Function<HttpServletRequest, Object> part = keyPart(new PathApiVersionResolver(0));
    MockHttpServletRequest request = new MockHttpServletRequest("GET", "/2/greeting");

    assertThat(part.apply(request)).isEqualTo("2");
    assertThat(ServletRequestPathUtils.hasParsedRequestPath(request))
        .as("the DispatcherServlet parses the path itself")
        .isFalse();
  }

  @Test
  void aRequestWhoseVersionCannotBeReadSharesWithNoOther() {
    Function<HttpServletRequest, Object> part = keyPart(new PathApiVersionResolver(3));
    MockHttpServletRequest request = new MockHttpServletRequest("GET", "/greeting");

    assertThat(part.apply(request)).isNotNull().isNotEqualTo(part.apply(request));
  }

  @Test
  void withoutVersioningEveryRequestHasTheSamePart() {
    Function<HttpServletRequest, Object> part =
        ServletApiVersions.keyPart(new StaticListableBeanFactory());

    assertThat(part.apply(new MockHttpServletRequest("GET", "/greeting"))).isNull();
  }

  private static Function<HttpServletRequest, Object> keyPart(ApiVersionResolver resolver) {
    StaticListableBeanFactory beans = new StaticListableBeanFactory();
    beans.addBean(
        "mvcApiVersionStrategy",
        new DefaultApiVersionStrategy(
            List.of(resolver),
            new SemanticApiVersionParser(),
            /* versionRequired= */ false,
            null,
            false,
            null,
            null));
    return ServletApiVersions.keyPart(beans);
  }
}
