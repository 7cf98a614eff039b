package io.github.collapseexecutor.spring.boot.slices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.web.client.RestClient;

/**
 * What a {@code @WebMvcTest} of the application shows, on either Spring Boot line: it starts, its
 * client holds the collapse interceptor it injected, and its controller answers.
 */
public abstract class WebMvcSliceCases {

  @Autowired private MockMvc mvc;

  @Autowired private CollapseHttpRequestInterceptor collapse;

  @Autowired private RestClient catalogue;

  @Test
  void theApplicationsClientHoldsTheInterceptorItInjected() {
    catalogue
        .mutate()
        .requestInterceptors(interceptors -> assertThat(interceptors).contains(collapse));
  }

  @Test
  void theControllerAnswers() throws Exception {
    MockHttpServletResponse response = mvc.perform(get("/greeting")).andReturn().getResponse();

    assertThat(response.getStatus()).isEqualTo(200);
    assertThat(response.getContentAsString()).isEqualTo("hello");
  }
}
