package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.spring.http.SpringOutcomes;
import io.github.collapseexecutor.testing.http.Call;
import io.github.collapseexecutor.testing.http.ClientFixture;
import io.github.collapseexecutor.testing.http.DrivenClient;
import io.github.collapseexecutor.testing.http.Outcome;
import java.net.URI;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.web.client.RestTemplate;

/**
 * A {@code RestTemplate} whose one interceptor is a {@link CollapseHttpRequestInterceptor}, over
 * the JDK's {@code HttpURLConnection}, the request factory a plain RestTemplate uses, as the
 * client contracts drive it.
 */
final class RestTemplateFixture implements ClientFixture {

  @Override
  public DrivenClient open(Setup setup) {
    SimpleClientHttpRequestFactory factory = new SimpleClientHttpRequestFactory();
    if (setup.readTimeout() != null) {
      factory.setReadTimeout(setup.readTimeout());
    }
    RestTemplate template = new RestTemplate(factory);
    CollapseHttpRequestInterceptor interceptor = null;
    if (setup.options() != null) {
      interceptor = new CollapseHttpRequestInterceptor(setup.options());
      template.setInterceptors(List.of(interceptor));
    }
    return new Client(template, interceptor, setup.baseUrl());
  }

  @Override
  public int status(Exception failure) {
    return SpringOutcomes.status(failure);
  }

  private record Client(
      RestTemplate template, @Nullable CollapseHttpRequestInterceptor interceptor, String baseUrl)
      implements DrivenClient {

    @Override
    public Outcome send(Call call) {
      HttpHeaders headers = new HttpHeaders();
      call.headers().forEach(headers::add);
      return SpringOutcomes.of(
          template.exchange(
              URI.create(baseUrl + call.target()),
              HttpMethod.valueOf(call.method()),
              new HttpEntity<>(call.body(), headers),
              byte[].class));
    }

    @Override
    public void readEvents(Call call, Consumer<String> onEvent) {
      template.execute(
          URI.create(baseUrl + call.target()),
          HttpMethod.GET,
          null,
          response -> {
            DrivenClient.readDataLines(response.getBody(), onEvent);
            return null;
          });
    }

    @Override
    public HttpCollapseStats stats() {
      if (interceptor == null) {
        throw new IllegalStateException("a client without collapse has no counters");
      }
      return interceptor.stats();
    }

    @Override
    public void close() {
      if (interceptor != null) {
        interceptor.close();
      }
    }
  }
}
