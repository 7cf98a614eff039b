package io.github.collapseexecutor.spring.boot.autoconfigure.servlet;

import jakarta.servlet.http.HttpServletRequest;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.util.ClassUtils;
import org.springframework.web.accept.ApiVersionStrategy;
import org.springframework.web.util.ServletRequestPathUtils;

/**
 * The API version Spring MVC resolves for a request, as a part of the servlet filter's keys: the
 * raw version the application's {@link ApiVersionStrategy} reads (a header, a query parameter, a
 * path segment, a media type parameter, or a resolver of its own), so that requests for two
 * versions never share a response. Without versioning, or without a unique strategy bean, the
 * part is {@code null} for every request. {@code collapse-executor-spring-boot3} has its own:
 * Spring Framework 6.2 has no API versioning.
 */
final class ServletApiVersions implements Function<HttpServletRequest, @Nullable Object> {

  private static final boolean PRESENT =
      ClassUtils.isPresent(
          "org.springframework.web.accept.ApiVersionStrategy",
          ServletApiVersions.class.getClassLoader());

  private final ObjectProvider<ApiVersionStrategy> strategies;
  // looked up at the first request, when the context is refreshed, then kept
  private volatile @Nullable Found found;

  private ServletApiVersions(ObjectProvider<ApiVersionStrategy> strategies) {
    this.strategies = strategies;
  }

  /** Returns the key part of the servlet filter of the application of {@code beans}. */
  static Function<HttpServletRequest, @Nullable Object> keyPart(BeanFactory beans) {
    return PRESENT
        ? new ServletApiVersions(beans.getBeanProvider(ApiVersionStrategy.class))
        : request -> null;
  }

  @Override
  public @Nullable Object apply(HttpServletRequest request) {
    Found strategy = found;
    if (strategy == null) {
      strategy = new Found(strategies.getIfUnique());
      found = strategy;
    }
    return strategy.value == null ? null : version(strategy.value, request);
  }

  /**
   * Returns the version {@code strategy} reads of {@code request}, or for a request it cannot
   * read (a version path segment missing), a part equal to no other request's. A path resolver
   * needs the parsed path that the {@code DispatcherServlet} sets later: it is parsed here and
   * taken away again.
   */
  private static @Nullable Object version(ApiVersionStrategy strategy, HttpServletRequest request) {
    boolean parsed = ServletRequestPathUtils.hasParsedRequestPath(request);
    try {
      if (!parsed) {
        ServletRequestPathUtils.parseAndCache(request);
      }
      return strategy.resolveVersion(request);
    } catch (RuntimeException unreadable) {
      return new Object();
    } finally {
      if (!parsed) {
        ServletRequestPathUtils.clearParsedRequestPath(request);
      }
    }
  }

  /** The strategy looked up, or {@code null} if the application has none. */
  private record Found(@Nullable ApiVersionStrategy value) {}
}
