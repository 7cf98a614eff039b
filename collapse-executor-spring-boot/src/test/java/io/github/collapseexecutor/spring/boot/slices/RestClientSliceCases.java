package io.github.collapseexecutor.spring.boot.slices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.client.response.MockRestResponseCreators.withSuccess;

import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.client.MockRestServiceServer;

/**
 * What a {@code @RestClientTest} of the application's client shows, on either Spring Boot line:
 * the client, built on Spring Boot's builder with the collapse interceptor it injected, calls
 * through the interceptor to the mock server, which the collapse group's request reaches.
 */
public abstract class RestClientSliceCases {

  @Autowired private UsersClient users;

  @Autowired private MockRestServiceServer server;

  @Autowired private CollapseHttpRequestInterceptor collapse;

  @Test
  void theClientCallsThroughTheInterceptor() {
    server
        .expect(
            request -> assertThat(request.getURI()).hasToString("http://users.internal/users/1"))
        .andRespond(withSuccess("alice", MediaType.TEXT_PLAIN));
    long before = collapse.stats().led() + collapse.stats().passedThrough();

    assertThat(users.name(1)).isEqualTo("alice");

    server.verify();
    assertThat(collapse.stats().led() + collapse.stats().passedThrough()).isEqualTo(before + 1);
  }
}
