package io.github.collapseexecutor.spring.http.okhttp;

import io.github.collapseexecutor.spring.http.CollapseKey;
import io.github.collapseexecutor.spring.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.HttpCollapseStats;
import io.github.collapseexecutor.spring.http.RequestHeaders;
import io.github.collapseexecutor.spring.http.internal.BlockingHttpCollapser;
import io.github.collapseexecutor.spring.http.internal.HeaderLists;
import io.github.collapseexecutor.spring.http.internal.ResponseSnapshot;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import okhttp3.Handshake;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Okio;
import okio.Timeout;

/**
 * Collapses concurrent identical GET and HEAD calls of an {@code OkHttpClient} into one call; each
 * caller gets a {@link Response} of its own that it reads and closes independently.
 *
 * <pre>{@code
 * OkHttpClient client = new OkHttpClient.Builder()
 *     .addInterceptor(new CollapseInterceptor(options))   // an application interceptor
 *     .build();
 * }</pre>
 *
 * <p>Register it as an application interceptor ({@code addInterceptor}), added after any
 * interceptor that adds headers, so its key sees them. It sees responses after OkHttp decompressed
 * them and followed redirects, so callers get what they would have got without it. What each
 * caller gets, including on failure, is described in {@code docs/http.md}. One instance
 * serves one client: credentials that an {@code Authenticator} adds later are not in the key.
 */
public final class CollapseInterceptor implements Interceptor, AutoCloseable {

  private final BlockingHttpCollapser collapser;

  /** Creates an interceptor with its own collapse executor. */
  public CollapseInterceptor(HttpCollapseOptions options) {
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
  public Response intercept(Chain chain) throws IOException {
    Request request = chain.request();
    RequestHeaders headers = request::headers;
    HttpUrl url = request.url();
    CollapseKey key = request.body() == null
        ? collapser.rules().keyFor(request.method(), url.scheme(), url.host(), url.port(),
            url.encodedPath(), url.encodedPath(), url.encodedQuery(), headers)
        : null;
    return collapser.execute(key, headers, new OkHttpExchange(chain));
  }

  private record Origin(Protocol protocol, Handshake handshake) {}

  private record OkHttpExchange(Chain chain) implements BlockingHttpCollapser.Exchange<Response> {

    @Override
    public Response proceed() throws IOException {
      return chain.proceed(chain.request());
    }

    @Override
    public int status(Response response) {
      return response.code();
    }

    @Override
    public String reason(Response response) {
      return response.message();
    }

    @Override
    public List<Map.Entry<String, String>> headers(Response response) {
      Headers headers = response.headers();
      List<Map.Entry<String, String>> entries = new ArrayList<>(headers.size());
      for (int i = 0; i < headers.size(); i++) {
        entries.add(HeaderLists.entry(headers.name(i), headers.value(i)));
      }
      return entries;
    }

    @Override
    public InputStream body(Response response) {
      return response.body().byteStream();
    }

    @Override
    public Response withBody(Response response, InputStream body) {
      ResponseBody original = response.body();
      ResponseBody rebodied = ResponseBody.create(Okio.buffer(Okio.source(body)),
          original.contentType(), original.contentLength());
      return response.newBuilder().body(rebodied).build();
    }

    /**
     * The sooner of the call's own timeout ({@code callTimeout}, or one set on the call) and what is
     * left of its deadline. The timeout runs from when the call started, a little before this
     * interceptor; counting it whole from here lets OkHttp's watchdog cancel the call first, as it
     * would without collapse.
     */
    @Override
    public long ownWaitLimitNanos() {
      Timeout timeout = chain.call().timeout();
      long limit = timeout.timeoutNanos() > 0 ? timeout.timeoutNanos() : Long.MAX_VALUE;
      if (timeout.hasDeadline()) {
        limit = Math.min(limit, timeout.deadlineNanoTime() - System.nanoTime());
      }
      return limit;
    }

    @Override
    public Object detail(Response response) {
      return new Origin(response.protocol(), response.handshake());
    }

    @Override
    public void close(Response response) {
      response.close();
    }

    @Override
    public Response replay(ResponseSnapshot snapshot) {
      Origin origin = (Origin) snapshot.detail();
      Headers.Builder headers = new Headers.Builder();
      snapshot.headers().forEach(header -> headers.addUnsafeNonAscii(header.getKey(),
          header.getValue()));
      Headers built = headers.build();
      String contentType = built.get("Content-Type");
      MediaType mediaType = contentType == null ? null : MediaType.parse(contentType);
      long now = System.currentTimeMillis();
      return new Response.Builder()
          .request(chain.request())
          .protocol(origin.protocol())
          .handshake(origin.handshake())
          .code(snapshot.status())
          .message(snapshot.reason())
          .headers(built)
          .body(ResponseBody.create(snapshot.bodyCopy(), mediaType))
          .sentRequestAtMillis(now)
          .receivedResponseAtMillis(now)
          .build();
    }
  }
}
