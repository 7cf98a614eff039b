package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import io.github.collapseexecutor.http.adapter.BlockingClientCollapser;
import io.github.collapseexecutor.http.adapter.HttpCollapseAdapter;
import io.github.collapseexecutor.spring.http.internal.ClientNames;
import java.io.IOException;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
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
 * a request body never collapses.
 *
 * <p>Add it last: when another interceptor runs after it, requests pass through uncollapsed
 * (counted as {@link HttpCollapseStats#passedThrough()}, with one warning in the log), because
 * that interceptor may add credentials the key cannot see.
 *
 * <p>The request factory runs below the interceptor, and what it decides is not seen: its TLS
 * settings (a client certificate, which a server that authenticates clients by certificate answers
 * per), its proxy, and the headers it adds (the JDK {@code HttpClient}'s authenticator or cookie
 * handler, for instance). So one instance added to two clients shares responses across them, as
 * if their request factories were the same. Give each client whose request factory differs a
 * {@linkplain #partition() partition} of its own; the auto-configuration does so for every
 * client it adds collapse to.
 *
 * <pre>{@code
 * RestClient alice = RestClient.builder().requestFactory(aliceCertificate)
 *     .requestInterceptor(collapse.partition()).build();
 * RestClient bob = RestClient.builder().requestFactory(bobCertificate)
 *     .requestInterceptor(collapse.partition()).build();
 * }</pre>
 *
 * <p>After Spring Cloud LoadBalancer's interceptor (a {@code @LoadBalanced} builder), a request
 * is keyed on the service URI the caller asked for ({@code http://users/...}), not on the
 * instance the load balancer picked for it: requests for one service share, whichever instance
 * each was given, and the response of the instance that served the request that made the call
 * reaches them all. Add it after the load balancer's interceptor, last as always.
 */
public final class CollapseHttpRequestInterceptor
    extends HttpCollapseAdapter<BlockingClientCollapser> implements ClientHttpRequestInterceptor {

  /**
   * Its collapse executor's name when the options have none: see {@link HttpCollapseAdapter}. The
   * name is the auto-configuration's section, {@code collapse.executor.rest-template}, which serves
   * RestClient and RestTemplate alike.
   */
  public static final String DEFAULT_NAME = "rest-template";

  private final @Nullable Function<? super HttpRequest, ? extends @Nullable Object> keyPart;
  private final @Nullable String clientName;

  /** The client names of this interceptor and its partitions: each names one of them. */
  private final Set<String> clientNames;

  private volatile boolean warnedNotLast;

  /** Creates an interceptor with its own collapse executor. */
  public CollapseHttpRequestInterceptor(HttpCollapseOptions options) {
    this(
        new BlockingClientCollapser(options, DEFAULT_NAME),
        null,
        null,
        ConcurrentHashMap.newKeySet());
  }

  /**
   * Creates an interceptor as {@link #CollapseHttpRequestInterceptor(HttpCollapseOptions)} does,
   * whose keys also hold what {@code keyPart} reads of each request: what else decides the
   * response, that no key rule names, such as the header an {@code ApiVersionInserter} writes the
   * API version in. Requests share only if their parts are equal ({@code equals}). Its
   * partitions read the same part. Called on the caller's thread before the request joins or
   * makes a call; it must not throw.
   *
   * <pre>{@code
   * new CollapseHttpRequestInterceptor(options,
   *     request -> request.getHeaders().get("API-Version"))
   * }</pre>
   */
  public CollapseHttpRequestInterceptor(
      HttpCollapseOptions options,
      Function<? super HttpRequest, ? extends @Nullable Object> keyPart) {
    this(
        new BlockingClientCollapser(options, DEFAULT_NAME),
        keyPart,
        null,
        ConcurrentHashMap.newKeySet());
  }

  private CollapseHttpRequestInterceptor(
      BlockingClientCollapser collapser,
      @Nullable Function<? super HttpRequest, ? extends @Nullable Object> keyPart,
      @Nullable String clientName,
      Set<String> clientNames) {
    super(collapser);
    this.keyPart = keyPart;
    this.clientName = ClientNames.claim(clientNames, collapser.name(), clientName);
    this.clientNames = clientNames;
  }

  /**
   * Returns a new interceptor for one more client: it collapses with this interceptor's executor,
   * settings and counters ({@link #stats()} returns the same), so it adds no executor, meter or
   * endpoint entry, but its requests share responses with no other partition's, nor with this
   * interceptor's.
   */
  public CollapseHttpRequestInterceptor partition() {
    return new CollapseHttpRequestInterceptor(collapser(), keyPart, null, clientNames);
  }

  /**
   * Returns a new partition, as {@link #partition()} does, for the client of this name. With
   * a fleet tier ({@link HttpCollapseOptions#fleet()}) its requests share calls with the
   * partitions of this name on the other instances of the application, where an unnamed
   * partition's stay on their instance; so give the name of one client configuration, the same
   * on every instance: the name of its bean, say. The interceptor's own requests are those of the
   * client named after its executor ({@link HttpCollapseOptions#name()}).
   *
   * @throws IllegalArgumentException if this interceptor or another of its partitions has the
   *     name: requests of two clients could then share across instances
   */
  public CollapseHttpRequestInterceptor partition(String clientName) {
    return new CollapseHttpRequestInterceptor(
        collapser(), keyPart, Objects.requireNonNull(clientName, "clientName"), clientNames);
  }

  @Override
  public ClientHttpResponse intercept(
      HttpRequest request, byte[] body, ClientHttpRequestExecution execution) throws IOException {
    // headerSet(): one of the few HttpHeaders methods Spring 6.2 and 7 have alike, in source and
    // in class files (getOrEmpty takes an Object on 6.2 and a String on 7)
    RequestHeaders headers = RequestHeaders.ofEntries(request.getHeaders().headerSet());
    RequestTarget.Builder target =
        RequestTarget.builder(request.getMethod().name(), ServiceUri.of(request))
            .headers(headers)
            .hasBody(body.length > 0);
    if (isLast(execution)) {
      // the instance is the partition: the request factory below it is one client's
      target.client(this, clientName).identity(keyPart == null ? null : keyPart.apply(request));
    } else {
      target.passThrough(true);
    }
    return collapser().execute(target.build(), new InterceptedDriver(request, body, execution));
  }

  /**
   * Whether no interceptor runs after this one: one that does may add a credential the key cannot
   * see (a {@code BasicAuthenticationInterceptor}, an OAuth2 interceptor that reads the security
   * context), so the request is not collapsed.
   */
  private boolean isLast(ClientHttpRequestExecution execution) {
    if (ChainEnd.isLast(execution)) {
      return true;
    }
    if (!warnedNotLast) {
      warnedNotLast = true;
      System.getLogger(CollapseHttpRequestInterceptor.class.getName())
          .log(
              System.Logger.Level.WARNING,
              "An interceptor runs after CollapseHttpRequestInterceptor"
                  + " and may add credentials its key cannot see, so requests pass through"
                  + " uncollapsed: add CollapseHttpRequestInterceptor as the last interceptor");
    }
    return false;
  }
}
