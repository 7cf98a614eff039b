package io.github.collapseexecutor.spring.boot.slices;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * What a {@code @WebFluxTest} of the application shows, on either Spring Boot line: it starts,
 * its builder holds the collapse filter it injected, and its controller answers.
 */
public abstract class WebFluxSliceCases {

  @Autowired private WebTestClient web;

  @Autowired private CollapseExchangeFilterFunction collapse;

  @Autowired private WebClient.Builder users;

  @Test
  void theApplicationsBuilderHoldsTheFilterItInjected() {
    users.filters(filters -> assertThat(filters).contains(collapse));
  }

  @Test
  void theControllerAnswers() {
    web.get()
        .uri("/greeting")
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody(String.class)
        .isEqualTo("hello");
  }
}
