package io.github.collapseexecutor.http;

import io.github.collapseexecutor.core.Incubating;
import java.net.URI;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One request as the key sees it: its method and target, the headers it will carry when it is
 * sent, and what else decides its response that the headers do not show (the caller's identity
 * past the headers: a client certificate, a proxy, an authenticator, a partition). An adapter
 * builds one per request and hands it to its collapser, which builds the key with
 * {@link CollapseRules#keyFor(RequestTarget)}.
 *
 * <pre>{@code
 * RequestTarget target = RequestTarget.builder(request.method(), request.uri())
 *     .headers(headers)                                  // with the cookies the client adds
 *     .identity(List.of(client.sslContext(), client.proxy()))
 *     .build();
 * }</pre>
 *
 * <p>Immutable. The key holds the headers' values as they are when it is first built: the rules
 * build the key of one request once, however often they are asked.
 */
@Incubating
public final class RequestTarget {

  /** Headers of a request that sends none. */
  private static final RequestHeaders NO_HEADERS = RequestHeaders.of(name -> List.of(), List::of);

  private final String method;
  private final @Nullable String scheme;
  private final @Nullable String host;
  private final int port;
  private final @Nullable String rawPath;
  private final @Nullable String matchPath;
  private final @Nullable String rawQuery;
  private final RequestHeaders headers;

  /** Who sends the request, and where a server received it. */
  private final CollapseKey.Context context;

  private final boolean hasBody;
  private final boolean passThrough;

  /** The key the rules last built of this request, so that an adapter may ask for it first. */
  private volatile @Nullable KeyMemo keyMemo;

  private RequestTarget(Builder builder) {
    this.method = builder.method;
    this.scheme = builder.scheme;
    this.host = builder.host;
    this.port = builder.port;
    this.rawPath = builder.rawPath;
    this.matchPath = builder.matchPath == null ? builder.rawPath : builder.matchPath;
    this.rawQuery = builder.rawQuery;
    this.headers = builder.headers;
    this.context =
        new CollapseKey.Context(
            builder.clientAddress,
            builder.client,
            builder.clientName,
            builder.identity,
            builder.localAddress,
            builder.localPort);
    this.hasBody = builder.hasBody;
    this.passThrough = builder.passThrough;
  }

  /**
   * Starts a request to {@code uri}: its scheme, host, port, raw path and raw query. A URI with no
   * scheme or host, or an opaque one, makes a request that never collapses.
   */
  public static Builder builder(String method, URI uri) {
    Objects.requireNonNull(uri, "uri");
    Builder builder = new Builder(method);
    if (!uri.isOpaque()) {
      builder.scheme = uri.getScheme();
      builder.host = uri.getHost();
      builder.port = uri.getPort();
      builder.rawPath = uri.getRawPath();
      builder.rawQuery = uri.getRawQuery();
    }
    return builder;
  }

  /**
   * Starts a request from its parts, as a server or a client that keeps its URL in parts holds
   * them.
   *
   * @param port the port, or -1 for the default port of the scheme
   * @param rawPath the path as sent, which joins the key
   */
  public static Builder builder(
      String method, String scheme, String host, int port, String rawPath) {
    Builder builder = new Builder(method);
    builder.scheme = scheme;
    builder.host = host;
    builder.port = port;
    builder.rawPath = rawPath;
    return builder;
  }

  /** Returns the request method, as sent. */
  public String method() {
    return method;
  }

  /** Returns the headers the request will carry, as the key sees them. */
  public RequestHeaders headers() {
    return headers;
  }

  /** Returns whether the request carries a body: such a request never collapses. */
  public boolean hasBody() {
    return hasBody;
  }

  /** Returns whether the adapter keeps the request out of collapse: it goes through untouched. */
  public boolean passThrough() {
    return passThrough;
  }

  @Nullable String scheme() {
    return scheme;
  }

  @Nullable String host() {
    return host;
  }

  int port() {
    return port;
  }

  @Nullable String rawPath() {
    return rawPath;
  }

  @Nullable String matchPath() {
    return matchPath;
  }

  @Nullable String rawQuery() {
    return rawQuery;
  }

  /** Returns what decides the request sent besides its target and headers, as the key holds it. */
  CollapseKey.Context context() {
    return context;
  }

  @Nullable KeyMemo keyMemo() {
    return keyMemo;
  }

  void keyMemo(KeyMemo memo) {
    this.keyMemo = memo;
  }

  /** The key that {@code rules} built of a request. */
  record KeyMemo(CollapseRules rules, @Nullable CollapseKey key) {}

  @Override
  public String toString() {
    return method
        + " "
        + scheme
        + "://"
        + host
        + (port < 0 ? "" : ":" + port)
        + rawPath
        + (rawQuery == null ? "" : "?" + rawQuery);
  }

  /** Sets the parts of a {@link RequestTarget} besides its method and target; all optional. */
  public static final class Builder {

    private final String method;
    private @Nullable String scheme;
    private @Nullable String host;
    private int port = -1;
    private @Nullable String rawPath;
    private @Nullable String matchPath;
    private @Nullable String rawQuery;
    private RequestHeaders headers = NO_HEADERS;
    private @Nullable Object identity;
    private @Nullable Object client;
    private @Nullable String clientName;
    private @Nullable String clientAddress;
    private @Nullable String localAddress;
    private int localPort = -1;
    private boolean hasBody;
    private boolean passThrough;

    private Builder(String method) {
      this.method = Objects.requireNonNull(method, "method");
    }

    /** Sets the query as sent, or {@code null} for none (the default). */
    public Builder query(@Nullable String rawQuery) {
      this.rawQuery = rawQuery;
      return this;
    }

    /**
     * Sets the path the collapse groups are matched against, when it is not the path as sent: a
     * server matches the path within its application. The path as sent by default.
     */
    public Builder matchPath(String matchPath) {
      this.matchPath = Objects.requireNonNull(matchPath, "matchPath");
      return this;
    }

    /**
     * Sets the headers the request will carry when it is sent (a client's cookies among them); by
     * default none. The key needs their names ({@link RequestHeaders#names()}).
     */
    public Builder headers(RequestHeaders headers) {
      this.headers = Objects.requireNonNull(headers, "headers");
      return this;
    }

    /**
     * Sets what else decides the response that the headers do not show, compared with
     * {@code equals}: what a later stage turns into credentials (request attributes, a cookie
     * store, an authenticator), what decides the connection (a client certificate's SSL context,
     * a proxy), or the adapter instance that stands for one client (a partition). Requests share
     * only when their identities are equal; {@code null}, the default, is equal to itself.
     */
    public Builder identity(@Nullable Object identity) {
      this.identity = identity;
      return this;
    }

    /**
     * Sets the client that sends the request, part of its identity compared with {@code equals}
     * (the adapter instance that stands for one client, the parts of a client's configuration that
     * decide its responses), and its name, the same on every instance of the application (the
     * name of its bean, say), or {@code null}. Where requests of several instances share calls,
     * the client stands for itself there as its name, so requests on two instances may share
     * one call only if both come from the client of that name; give a name only where it stands
     * for one client, on this instance and on the others. A request of an unnamed client stays on
     * its instance, unless its client is a value another instance can compare. Requests share
     * only when their clients are equal and have the same name; none by default.
     */
    public Builder client(@Nullable Object client, @Nullable String name) {
      this.client = client;
      this.clientName = name;
      return this;
    }

    /**
     * Sets the address of the client a server received the request from, after its
     * forwarded-header handling: it joins the key unless the group's policy is
     * {@link CollapsePolicy#sharedAcrossAddresses()}. None by default (a client's request).
     */
    public Builder clientAddress(@Nullable String clientAddress) {
      this.clientAddress = clientAddress;
      return this;
    }

    /**
     * Sets the local address and port a server received the request on: a server with several
     * connectors or interfaces (a public one and an internal one behind one host name) may answer
     * differently on each, so requests share only when they arrived on the same address and port.
     * Where requests of several instances share calls, the port alone stands for the connector
     * across them: each instance has an address of its own, and the instances of one application
     * serve alike on one port. None by default (a client's request).
     */
    public Builder receivedOn(String localAddress, int localPort) {
      this.localAddress = Objects.requireNonNull(localAddress, "localAddress");
      this.localPort = localPort;
      return this;
    }

    /** Sets whether the request carries a body, which keeps it out of collapse; false by default. */
    public Builder hasBody(boolean hasBody) {
      this.hasBody = hasBody;
      return this;
    }

    /**
     * Keeps the request out of collapse when {@code passThrough} is true: it goes through
     * untouched and is counted as passed through. For a request whose key could not see what
     * decides its response (a stage after the adapter that may add a credential).
     */
    public Builder passThrough(boolean passThrough) {
      this.passThrough = passThrough;
      return this;
    }

    /** Returns the request. */
    public RequestTarget build() {
      return new RequestTarget(this);
    }
  }
}
