package io.github.collapseexecutor.spring.boot.slices;

import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * A small application whose own configuration injects the collapse adapters into its clients, as
 * a gateway's does: every test slice loads these bean methods, so each slice must have the
 * adapter beans.
 */
@SpringBootApplication
public class SliceApplication {

  /** The WebClient builder the application's clients are built from, with the collapse filter. */
  @Bean
  WebClient.Builder users(CollapseExchangeFilterFunction collapse) {
    return WebClient.builder().filter(collapse);
  }

  /** A RestClient built by hand, with the collapse interceptor. */
  @Bean
  RestClient catalogue(CollapseHttpRequestInterceptor collapse) {
    return RestClient.builder().requestInterceptor(collapse).build();
  }
}
