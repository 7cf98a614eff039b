package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.SpringClientFaultsContract;
import java.util.List;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.web.client.RestTemplate;

/**
 * Every caller of a collapsing {@code RestTemplate} fails as the plain template does, over the
 * JDK's {@code HttpURLConnection}.
 */
final class RestTemplateFaultsTest extends SpringClientFaultsContract {

  private CollapseHttpRequestInterceptor interceptor;
  private RestTemplate plain;
  private RestTemplate collapsing;

  @Override
  protected void createClients(HttpCollapseOptions options) {
    interceptor = new CollapseHttpRequestInterceptor(options);
    SimpleClientHttpRequestFactory factory = new SimpleClientHttpRequestFactory();
    factory.setReadTimeout(READ_TIMEOUT);
    plain = new RestTemplate(factory);
    collapsing = new RestTemplate(factory);
    collapsing.setInterceptors(List.of(interceptor));
  }

  @Override
  protected String response(boolean collapse, String url) {
    return response((collapse ? collapsing : plain).getForEntity(url, String.class));
  }

  @Override
  protected void closeClients() {
    interceptor.close();
  }
}
