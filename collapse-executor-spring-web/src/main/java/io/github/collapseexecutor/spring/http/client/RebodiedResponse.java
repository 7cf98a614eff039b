package io.github.collapseexecutor.spring.http.client;

import java.io.IOException;
import java.io.InputStream;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.client.ClientHttpResponse;

/** The live response of the caller that made the call, whose body was partly read already. */
final class RebodiedResponse implements ClientHttpResponse {

  private final ClientHttpResponse delegate;
  private final InputStream body;

  RebodiedResponse(ClientHttpResponse delegate, InputStream body) {
    this.delegate = delegate;
    this.body = body;
  }

  @Override
  public HttpStatusCode getStatusCode() throws IOException {
    return delegate.getStatusCode();
  }

  @Override
  public String getStatusText() throws IOException {
    return delegate.getStatusText();
  }

  @Override
  public HttpHeaders getHeaders() {
    return delegate.getHeaders();
  }

  @Override
  public InputStream getBody() {
    return body;
  }

  @Override
  public void close() {
    delegate.close();
  }
}
