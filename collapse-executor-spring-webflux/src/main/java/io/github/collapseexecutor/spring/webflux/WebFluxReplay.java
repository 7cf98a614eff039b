package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.http.adapter.ProducedResponse;
import io.github.collapseexecutor.http.adapter.SharedResponse;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Writes a shared response onto a waiting request's own response, which already holds what the
 * filters before the collapse filter set on it: the recorded headers, only those the chain
 * produced ({@link ProducedResponse}), are added to its own or set over them where the chain had
 * replaced the leading request's values, and the ones the chain removed are removed. Spring's
 * observation of the waiting request is told the route the leading request matched, and the
 * exception the application noted on it.
 */
final class WebFluxReplay {

  private WebFluxReplay() {}

  /**
   * Returns the write of {@code shared}, recorded by a {@link RecordingWebFluxResponse}, onto the
   * response of {@code exchange}.
   */
  static Mono<Void> write(SharedResponse shared, ServerWebExchange exchange) {
    return Mono.defer(
        () -> {
          ServerHttpResponse response = exchange.getResponse();
          ProducedResponse produced = (ProducedResponse) shared.detail();
          if (produced != null) {
            ServerObservations.tell(
                produced.pathPattern(), produced.error(), exchange.getAttributes());
          }
          response.setStatusCode(HttpStatusCode.valueOf(shared.status()));
          HttpHeaders headers = response.getHeaders();
          if (produced != null) {
            // through headerSet(): remove(name) takes a String on Spring 7 and an Object on 6.2
            headers
                .headerSet()
                .removeIf(
                    header ->
                        produced
                            .headers()
                            .removed()
                            .contains(header.getKey().toLowerCase(Locale.ROOT)));
          }
          Set<String> set = new HashSet<>();
          for (Map.Entry<String, @Nullable String> header : shared.headers()) {
            String name = header.getKey();
            String lower = name.toLowerCase(Locale.ROOT);
            if (lower.equals("content-length") || shared.isHopByHop(name)) {
              continue;
            }
            if (produced != null
                && produced.headers().replaced().contains(lower)
                && set.add(lower)) {
              headers.set(name, header.getValue()); // its first value replaces, others add
            } else {
              headers.add(name, header.getValue());
            }
          }
          if (shared.bodyLength() == 0) {
            return response.setComplete();
          }
          if (!shared.headerValues("Content-Length").isEmpty()) {
            headers.setContentLength(shared.bodyLength());
          }
          // a buffer of this request's own over the shared bytes, which it only reads, written as
          // the chain wrote its body, so that the server frames it the same way
          Mono<DataBuffer> body =
              Mono.fromSupplier(() -> response.bufferFactory().wrap(shared.bodyBuffer()));
          return response.writeWith(produced != null && produced.inPieces() ? body.flux() : body);
        });
  }
}
