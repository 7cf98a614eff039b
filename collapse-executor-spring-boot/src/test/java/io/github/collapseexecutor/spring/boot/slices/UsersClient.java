package io.github.collapseexecutor.spring.boot.slices;

import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import org.springframework.stereotype.Service;
import org.springframework.web.client.RestClient;

/** The application's client of the users service, on Spring Boot's builder, which the client slice tests. */
@Service
public class UsersClient {

  private final RestClient client;

  UsersClient(RestClient.Builder builder, CollapseHttpRequestInterceptor collapse) {
    this.client = builder.baseUrl("http://users.internal").requestInterceptor(collapse).build();
  }

  /** Returns the user's name. */
  public String name(long id) {
    return client.get().uri("/users/{id}", id).retrieve().body(String.class);
  }
}
