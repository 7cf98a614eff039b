package io.github.collapseexecutor.spring.http;

import io.github.collapseexecutor.testing.http.Outcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClientResponseException;
import org.springframework.web.reactive.function.client.WebClientResponseException;

/** What a caller of Spring's clients observed, as the client contracts compare it. */
public final class SpringOutcomes {

  private SpringOutcomes() {}

  /** Returns the outcome of a response read whole into {@code entity}. */
  public static Outcome of(ResponseEntity<byte[]> entity) {
    return Outcome.of(
        entity.getStatusCode().value(), headers(entity.getHeaders()), entity.getBody());
  }

  /** Returns {@code headers} as a map, which Spring 7's {@code HttpHeaders} no longer is. */
  public static Map<String, List<String>> headers(HttpHeaders headers) {
    Map<String, List<String>> copy = new LinkedHashMap<>();
    headers.forEach(copy::put);
    return copy;
  }

  /**
   * Returns the status code that {@code failure} carries for an HTTP error, or -1: Spring's
   * clients' exceptions for one carry it.
   */
  public static int status(Exception failure) {
    if (failure instanceof RestClientResponseException http) {
      return http.getStatusCode().value();
    }
    return failure instanceof WebClientResponseException http ? http.getStatusCode().value() : -1;
  }
}
