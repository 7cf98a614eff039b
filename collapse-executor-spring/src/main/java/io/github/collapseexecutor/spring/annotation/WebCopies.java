package io.github.collapseexecutor.spring.annotation;

import java.util.Collections;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;

/**
 * Spring's {@code ResponseEntity}, as controllers and services return it, rebuilt around a copy
 * of its body with the same status and headers. No caller can change it: its headers are
 * read-only and its body is its one part. Loaded only where spring-web is on the class path.
 */
final class WebCopies {

  private WebCopies() {}

  static void register(ContainerCopies.Registry registry) {
    registry.unmodifiable(ResponseEntity.class, new ResponseEntities());
  }

  /** A response entity around a copy of its body, its one part. */
  private static final class ResponseEntities implements ContainerCopies.Copier {

    @Override
    public Object copy(Object container, UnaryOperator<@Nullable Object> part) {
      ResponseEntity<?> entity = (ResponseEntity<?>) container;
      return ResponseEntity.status(entity.getStatusCode())
          .headers(entity.getHeaders())
          .body(part.apply(entity.getBody()));
    }

    @Override
    public Iterable<?> parts(Object container) {
      return Collections.singletonList(((ResponseEntity<?>) container).getBody());
    }
  }
}
