package io.github.collapseexecutor.spring.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.ReactorHttpHandlerAdapter;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.WebHandler;
import org.springframework.web.server.adapter.WebHttpHandlerBuilder;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * The Java snippet of docs/webflux.md, as written there (DocSnippetsTest in the Spring Boot
 * module holds it to the page), compiled and run: the application it builds answers through the
 * filter on a server on loopback.
 */
@Timeout(60)
final class WebFluxDocExamplesTest {

  @Test
  void theApplicationAnswersThroughTheFilter() throws Exception {
    try (GenericApplicationContext context = new GenericApplicationContext()) {
      context.registerBean(
          WebHttpHandlerBuilder.WEB_HANDLER_BEAN_NAME,
          WebHandler.class,
          () ->
              RouterFunctions.toWebHandler(
                  RouterFunctions.route()
                      .GET(
                          "/prices/{sku}",
                          request ->
                              ServerResponse.ok()
                                  .bodyValue("price of " + request.pathVariable("sku")))
                      .build()));
      context.refresh();
      // docs/webflux.md
      // spotless:off: the docs show this code as written here
      HttpHandler handler = WebHttpHandlerBuilder.applicationContext(context)
          .filter(new CollapseWebFilter(HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/prices/*")).build()))
          .build();
      // spotless:on

      DisposableServer server =
          HttpServer.create()
              .host("127.0.0.1")
              .port(0)
              .handle(new ReactorHttpHandlerAdapter(handler))
              .bindNow(Duration.ofSeconds(10));
      try {
        HttpResponse<String> response =
            HttpClient.newHttpClient()
                .send(
                    HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + server.port() + "/prices/ACME"))
                        .build(),
                    HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("price of ACME");
      } finally {
        server.disposeNow();
      }
    }
  }
}
