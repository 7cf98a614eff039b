package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.adapter.BlockingClientCollapser;
import io.github.collapseexecutor.http.adapter.HttpCollapseAdapter;
import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.Response;

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
 * factory, proxy, proxy selector, DNS and connection specs. It holds what decides the response
 * past the connection too: the client's redirect policy ({@code followRedirects},
 * {@code followSslRedirects}), by value, and by identity its cache and, when it follows redirects,
 * its {@code CookieJar}, which adds cookies to each hop. So one instance may serve several
 * clients: calls of clients that differ in those never share (a client that does not follow
 * redirects gets its own redirect, never the target another client followed to), while clients
 * made with {@code newBuilder()} that keep them do. It sees responses after OkHttp decompressed
 * them and followed redirects, so callers get what they would have got without it. What each
 * caller gets, including on failure, is described in {@code docs/http.md}.
 */
public final class CollapseInterceptor extends HttpCollapseAdapter<BlockingClientCollapser>
    implements Interceptor {

  /** Its collapse executor's name when the options have none: see {@link HttpCollapseAdapter}. */
  public static final String DEFAULT_NAME = "okhttp";

  /** Creates an interceptor with its own collapse executor. */
  public CollapseInterceptor(HttpCollapseOptions options) {
    super(new BlockingClientCollapser(options, DEFAULT_NAME));
  }

  @Override
  public Response intercept(Chain chain) throws IOException {
    return collapser().execute(OkHttpTarget.of(this, chain), new OkHttpDriver(chain));
  }
}
