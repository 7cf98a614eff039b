package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.http.adapter.ClientDriver;
import io.github.collapseexecutor.http.adapter.HeaderLists;
import io.github.collapseexecutor.http.adapter.SharedResponse;
import java.io.IOException;
import java.io.InputStream;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpResponse;

/** One request that Spring's interceptor chain runs, and its response, in the collapser's terms. */
@SuppressWarnings("ArrayRecordComponent") // the body as Spring hands it over, never compared
record InterceptedDriver(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
    implements ClientDriver.Blocking<ClientHttpResponse> {

  @Override
  public ClientHttpResponse send() throws IOException {
    return execution.execute(request, body);
  }

  @Override
  public Head head(ClientHttpResponse response) throws IOException {
    return Head.of(
        response.getStatusCode().value(),
        response.getStatusText(),
        HeaderLists.of(response.getHeaders()::forEach));
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
