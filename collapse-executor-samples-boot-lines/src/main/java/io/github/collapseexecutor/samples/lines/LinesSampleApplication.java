package io.github.collapseexecutor.samples.lines;

import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * An application that depends on the collapse starter of its Spring Boot line and nothing else of
 * collapse-executor: a {@link RestClient} and a {@link WebClient} to one backend, each with the
 * collapse bean added last, and {@link Greetings}, whose methods are collapsed by annotation.
 * Both clients are built from Spring Framework's builders, which both lines have alike.
 */
@SpringBootApplication
public class LinesSampleApplication {

  /** Runs the application. */
  public static void main(String[] args) {
    SpringApplication.run(LinesSampleApplication.class, args);
  }

  @Bean
  RestClient backendRestClient(
      @Value("${sample.backend-url}") String backend, CollapseHttpRequestInterceptor collapse) {
    return RestClient.builder()
        .baseUrl(backend)
        .requestFactory(new JdkClientHttpRequestFactory())
        .requestInterceptor(collapse)
        .build();
  }

  @Bean
  WebClient backendWebClient(
      @Value("${sample.backend-url}") String backend, CollapseExchangeFilterFunction collapse) {
    return WebClient.builder().baseUrl(backend).filter(collapse).build();
  }

  @Bean
  Greetings greetings() {
    return new Greetings();
  }
}
