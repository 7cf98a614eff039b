package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.spring.http.CollapseKey;
import io.github.collapseexecutor.spring.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.HttpCollapseStats;
import io.github.collapseexecutor.spring.http.RequestHeaders;
import io.github.collapseexecutor.spring.http.internal.BlockingHttpCollapser;
import io.github.collapseexecutor.spring.http.internal.HeaderLists;
import io.github.collapseexecutor.spring.http.internal.ResponseSnapshot;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;

/**
 * Collapses concurrent identical GET and HEAD requests of a {@code RestClient} or
 * {@code RestTemplate} into one call; each caller still gets a response object of its own that it
 * reads and closes independently.
 *
 * <pre>{@code
 * CollapseHttpRequestInterceptor collapse = new CollapseHttpRequestInterceptor(
 *     HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/users/*")).build());
 * RestClient client = RestClient.builder()
 *     .baseUrl("https://users.internal")
 *     .requestInterceptor(collapse)   // add it last, so it sees every header the others add
 *     .build();
 * }</pre>
 *
 * <p>Which requests collapse and what their key holds is set by {@link HttpCollapseOptions}; what
 * each caller gets, including on failure, is described in {@code docs/http.md}. A GET with
 * a request body never collapses. One interceptor instance serves one client: headers that a
 * request factory or a later interceptor adds are not seen by the key, so two clients that add
 * different credentials that way must not share an instance.
 */
public final class CollapseHttpRequestInterceptor
    implements ClientHttpRequestInterceptor, AutoCloseable {

  private final BlockingHttpCollapser collapser;

  /** Creates an interceptor with its own collapse executor. */
  public CollapseHttpRequestInterceptor(HttpCollapseOptions options) {
    this.collapser = new BlockingHttpCollapser(options);
  }

  /** Returns the counters of this interceptor. */
  public HttpCollapseStats stats() {
    return collapser.stats();
  }

  /**
   * Stops collapsing: calls in progress complete for every caller that shares them, and later
   * requests pass through untouched. Idempotent; a Spring context calls it when it closes.
   */
  @Override
  public void close() {
    collapser.close();
  }

  @Override
  public ClientHttpResponse intercept(HttpRequest request, byte[] body,
      ClientHttpRequestExecution execution) throws IOException {
    RequestHeaders headers = name -> request.getHeaders().getOrEmpty(name);
    CollapseKey key = body.length == 0
        ? collapser.rules().keyFor(request.getMethod().name(), request.getURI(), headers)
        : null;
    return collapser.execute(key, headers, new SpringExchange(request, body, execution));
  }

  private record SpringExchange(HttpRequest request, byte[] body,
      ClientHttpRequestExecution execution)
      implements BlockingHttpCollapser.Exchange<ClientHttpResponse> {

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
    public List<Map.Entry<String, String>> headers(ClientHttpResponse response) {
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
    public ClientHttpResponse replay(ResponseSnapshot snapshot) {
      return new SnapshotResponse(snapshot);
    }
  }
}
