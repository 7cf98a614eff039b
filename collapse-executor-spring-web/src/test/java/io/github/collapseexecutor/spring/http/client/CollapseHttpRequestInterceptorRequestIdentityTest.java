package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientRequestIdentityContract;
import io.github.collapseexecutor.testing.http.CollapsingClient;
import org.springframework.http.client.ReactorClientHttpRequestFactory;

/**
 * The {@code Host} header and a GET's body through the interceptor on a RestClient. Reactor
 * Netty sends a {@code Host} it is given; the JDK {@code HttpClient} refuses to.
 */
final class CollapseHttpRequestInterceptorRequestIdentityTest
    extends ClientRequestIdentityContract {

  @Override
  protected CollapsingClient createClient(HttpCollapseOptions options, String baseUrl) {
    return new RestClientCollapsingClient(options, baseUrl, new ReactorClientHttpRequestFactory());
  }
}
