package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.http.adapter.SharedResponse;
import java.io.InputStream;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.client.ClientHttpResponse;

/** One caller's copy of a shared response: its own headers object and its own body stream. */
final class ReplayedResponse implements ClientHttpResponse {

  private final SharedResponse shared;
  private final HttpHeaders headers = new HttpHeaders();
  private final InputStream body;

  ReplayedResponse(SharedResponse shared) {
    this.shared = shared;
    shared.headers().forEach(header -> headers.add(header.getKey(), header.getValue()));
    this.body = shared.bodyStream();
  }

  @Override
  public HttpStatusCode getStatusCode() {
    return HttpStatusCode.valueOf(shared.status());
  }

  @Override
  public String getStatusText() {
    return shared.reason();
  }

  @Override
  public HttpHeaders getHeaders() {
    return headers;
  }

  @Override
  public InputStream getBody() {
    return body;
  }

  @Override
  public void close() {
    // the body is in memory: nothing to release, and other callers read their own copies
  }
}
