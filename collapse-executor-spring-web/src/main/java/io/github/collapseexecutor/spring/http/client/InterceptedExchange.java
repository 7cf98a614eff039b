package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.http.adapter.BlockingClientExchange;
import io.github.collapseexecutor.http.adapter.HeaderLists;
import io.github.collapseexecutor.http.adapter.SharedResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpResponse;

/** One request that Spring's interceptor chain runs, and its response, in the collapser's terms. */
record InterceptedExchange(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
    implements BlockingClientExchange<ClientHttpResponse> {

  @Override
  public boolean hasBody() {
    return body.length > 0;
  }

  @Override
  public ClientHttpResponse proceed() throws IOException {
    return execution.execute(request, body);
  }

  @Override
  public int status(ClientHttpResponse response) throws IOException {
    return response.getStatusCode().value();
  }

  @Override
  public String reason(ClientHttpResponse response) throws IOException {
    return response.getStatusText();
  }

  @Override
  public List<Map.Entry<String, @Nullable String>> headers(ClientHttpResponse response) {
    return HeaderLists.of(response.getHeaders()::forEach);
  }

  @Override
  public InputStream body(ClientHttpResponse response) throws IOException {
    return response.getBody();
  }

  @Override
  public ClientHttpResponse withBody(ClientHttpResponse response, InputStream body) {
    return new RebodiedResponse(response, body);
  }

  @Override
  public void close(ClientHttpResponse response) {
    response.close();
  }

  @Override
  public ClientHttpResponse replay(SharedResponse shared) {
    return new ReplayedResponse(shared);
  }
}
