package io.github.collapseexecutor.spring.boot.autoconfigure.servlet;

import jakarta.servlet.http.HttpServletRequest;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;

/**
 * Spring Framework 6.2 has no API versioning, so unlike {@code collapse-executor-spring-boot}'s,
 * the servlet filter's keys hold no version here.
 */
final class ServletApiVersions {

  private ServletApiVersions() {}

  /** Returns the key part of the servlet filter: none. */
  static Function<HttpServletRequest, @Nullable Object> keyPart(BeanFactory beans) {
    return request -> null;
  }
}
