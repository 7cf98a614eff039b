package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.testing.http.HttpSubject;
import io.github.collapseexecutor.testing.identity.TwoCallersContract;
import org.springframework.http.client.JdkClientHttpRequestFactory;

/** The identity rule through the RestClient adapter. */
final class RestClientTwoCallersTest extends TwoCallersContract {

  @Override
  protected Subject createSubject() {
    return new HttpSubject((options, baseUrl) -> new RestClientCollapsingClient(options, baseUrl, new JdkClientHttpRequestFactory()));
  }
}
