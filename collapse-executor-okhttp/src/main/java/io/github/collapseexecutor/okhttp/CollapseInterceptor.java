package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.adapter.BlockingHttpCollapser;
import io.github.collapseexecutor.http.adapter.HeaderLists;
import io.github.collapseexecutor.http.adapter.ResponseSnapshot;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import okhttp3.Handshake;
import okhttp3.Headers;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.Protocol;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Okio;
import okio.Timeout;
import org.jspecify.annotations.Nullable;

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
 * <p>Register it as the last application interceptor ({@code addInterceptor}), so its key sees
 * the headers the others add: when an application interceptor comes after it, calls pass through
 * uncollapsed, because that interceptor may add credentials the key cannot see. The key holds the
 * cookies of the client's {@code CookieJar}, which OkHttp adds after the application
 * interceptors, the identity of the client's authenticators and network interceptors, and of what
 * decides its connections: for https calls its SSL socket factory (which holds a client
 * certificate), trust manager, hostname verifier and certificate pinner, for every call its socket
 * factory, proxy, proxy selector and DNS. So one instance may serve several clients: calls of
 * clients that differ in those never share, while clients made with {@code newBuilder()} that keep
 * them do. It sees responses after OkHttp decompressed them and followed redirects, so callers
 * get what they would have got without it. What each caller gets, including on failure, is
 * described in {@code docs/http.md}.
 */
public final class CollapseInterceptor implements Interceptor, AutoCloseable {

  /**
   * The name of the collapse executor when the options have none: the name that listener
   * reports, meters, the actuator endpoint and the log show. The auto-configuration names its
   * interceptor so too.
   */
  public static final String DEFAULT_NAME = "okhttp";

  private final BlockingHttpCollapser collapser;

  /**
   * Creates an interceptor with its own collapse executor, named {@link HttpCollapseOptions#name()}
   * or else {@link #DEFAULT_NAME}.
   */
  public CollapseInterceptor(HttpCollapseOptions options) {
    this.collapser = new BlockingHttpCollapser(options, DEFAULT_NAME);
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
    KeyedCall keyed = KeyedCall.of(collapser.rules(), this, chain);
    return collapser.execute(keyed.key(), keyed.headers(), new OkHttpExchange(chain));
  }

  private record Origin(Protocol protocol, @Nullable Handshake handshake) {}

  private record OkHttpExchange(Chain chain) implements BlockingHttpCollapser.Exchange<Response> {

    @Override
    public boolean hasBody() {
      return chain.request().body() != null;
    }

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
    public List<Map.Entry<String, @Nullable String>> headers(Response response) {
      Headers headers = response.headers();
      List<Map.Entry<String, @Nullable String>> entries = new ArrayList<>(headers.size());
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

    /** The body of a replay: the bytes, and the failure that ended them, if any. */
    private static ResponseBody body(ResponseSnapshot snapshot,
        @Nullable MediaType mediaType) {
      return snapshot.bodyFailure() == null
          ? ResponseBody.create(snapshot.bodyCopy(), mediaType)
          : ResponseBody.create(Okio.buffer(Okio.source(snapshot.bodyStream())), mediaType, -1);
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
          .body(body(snapshot, mediaType))
          .sentRequestAtMillis(now)
          .receivedResponseAtMillis(now)
          .build();
    }
  }
}
