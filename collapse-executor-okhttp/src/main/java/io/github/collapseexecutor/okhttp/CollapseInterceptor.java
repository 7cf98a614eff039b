package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.adapter.BlockingClientCollapser;
import io.github.collapseexecutor.http.adapter.HttpCollapseAdapter;
import java.io.IOException;
import java.util.Objects;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Response;
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

  private final @Nullable String clientName;

  /** The client of that name: calls of a client that differs from it stay on their instance. */
  private volatile @Nullable OkHttpClient namedClient;

  /** Creates an interceptor with its own collapse executor. */
  public CollapseInterceptor(HttpCollapseOptions options) {
    super(new BlockingClientCollapser(options, DEFAULT_NAME));
    this.clientName = null;
  }

  private CollapseInterceptor(BlockingClientCollapser collapser, String clientName) {
    super(collapser);
    this.clientName = clientName;
  }

  /**
   * Returns a copy of {@code client} (made with {@code newBuilder()}, so it shares the connection
   * pool and dispatcher) with a partition of this interceptor added last, for the client of this
   * name. The partition collapses with this interceptor's executor, settings and counters. With
   * a fleet tier ({@link HttpCollapseOptions#fleet()}) the copy's calls share calls with those of
   * the client of this name on the other instances of the application, where the calls of
   * another client stay on their instance: give the name of one client configuration, the same on
   * every instance (the name of its bean, say). A client made from the copy with
   * {@code newBuilder()} that keeps what decides its calls' responses (see the class comment)
   * counts as the copy; one that changes it, or a call to a client with an authenticator or a
   * network interceptor (which may read the call's tags), stays on its instance.
   */
  public OkHttpClient partition(OkHttpClient client, String clientName) {
    CollapseInterceptor partition =
        new CollapseInterceptor(collapser(), Objects.requireNonNull(clientName, "clientName"));
    OkHttpClient named = client.newBuilder().addInterceptor(partition).build();
    partition.namedClient = named;
    return named;
  }

  @Override
  public Response intercept(Chain chain) throws IOException {
    return collapser()
        .execute(OkHttpTarget.of(this, chain, clientName, namedClient), new OkHttpDriver(chain));
  }
}
