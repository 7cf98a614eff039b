package io.github.collapseexecutor.spring.http.reactive;

import io.micrometer.observation.Observation;
import org.jspecify.annotations.Nullable;
import org.springframework.web.reactive.function.client.ClientRequestObservationContext;
import org.springframework.web.reactive.function.client.ClientResponse;
import reactor.core.publisher.Mono;

/**
 * Hands each caller's response to WebClient's own observation of its exchange, the one that
 * records {@code http.client.requests}. WebClient learns the response from a filter it runs after
 * every other, next to the connector, which a caller that joined another's exchange or got a
 * replay never reaches: without this, its exchange would count as {@code status=CLIENT_ERROR,
 * outcome=UNKNOWN} whatever it got. A failure needs nothing: WebClient records whatever error
 * reaches it.
 */
final class ObservedExchanges {

  private ObservedExchanges() {}

  /**
   * Returns {@code response}, reported to {@code observation} as it arrives.
   *
   * @param observation the exchange's observation from the Reactor context, or {@code null}
   */
  static Mono<ClientResponse> reported(
      Mono<ClientResponse> response, @Nullable Object observation) {
    if (observation instanceof Observation exchange
        && exchange.getContext() instanceof ClientRequestObservationContext context) {
      // the same response for the caller that made the exchange: the status is not changed
      return response.doOnNext(context::setResponse);
    }
    return response;
  }
}
