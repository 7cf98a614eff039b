package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.SpringClientFaultsContract;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/** Every caller of a collapsing {@code RestClient} fails as the plain client does. */
final class RestClientFaultsTest extends SpringClientFaultsContract {

  private CollapseHttpRequestInterceptor interceptor;
  private RestClient plain;
  private RestClient collapsing;

  @Override
  protected void createClients(HttpCollapseOptions options) {
    interceptor = new CollapseHttpRequestInterceptor(options);
    JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory();
    factory.setReadTimeout(READ_TIMEOUT);
    plain = RestClient.builder().requestFactory(factory).build();
    collapsing = plain.mutate().requestInterceptor(interceptor).build();
  }

  @Override
  protected String response(boolean collapse, String url) {
    RestClient client = collapse ? collapsing : plain;
    return response(client.get().uri(url).retrieve().toEntity(String.class));
  }

  @Override
  protected void closeClients() {
    interceptor.close();
  }
}
