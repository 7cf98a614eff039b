package io.github.collapseexecutor.spring.http;

import io.github.collapseexecutor.testing.http.ClientFaultsContract;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClientResponseException;
import org.springframework.web.reactive.function.client.WebClientResponseException;

/**
 * {@link ClientFaultsContract} for Spring's clients, whose exceptions for an HTTP error carry its
 * status code, and whose responses are entities.
 */
public abstract class SpringClientFaultsContract extends ClientFaultsContract {

  /** Returns what {@link #response(boolean, String)} returns for a response of {@code entity}. */
  protected static String response(ResponseEntity<String> entity) {
    return entity.getStatusCode().value() + " " + entity.getBody();
  }

  @Override
  protected int status(Exception failure) {
    if (failure instanceof RestClientResponseException http) {
      return http.getStatusCode().value();
    }
    return failure instanceof WebClientResponseException http ? http.getStatusCode().value() : -1;
  }
}
