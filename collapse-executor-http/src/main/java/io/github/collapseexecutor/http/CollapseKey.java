package io.github.collapseexecutor.http;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The identity of a request for collapsing: two requests share a response only if their keys are
 * equal. Built by {@link CollapseRules}; holds the method, scheme, host, port and path, the
 * {@code Host} header, the query parameters that count (those that carry a credential always),
 * the headers of the group's policy, the sensitive headers, and what an adapter knows a later stage
 * adds to the request.
 *
 * <p>{@link #toString()} shows the method, origin and path only: query strings and header values
 * may hold credentials and must not reach logs or exception messages.
 */
public final class CollapseKey {

  private final String target;
  private final Object query;
  private final List<List<@Nullable String>> headers;
  private final Map<String, List<@Nullable String>> namedHeaders;
  private final Context context;
  private final int group;
  private final int hash;

  /**
   * @param query the raw query, or what of it counts under the group's policy
   * @param headers the values of the group's key headers, in the group's order
   * @param namedHeaders the headers a sensitive pattern names, by lower-case name
   * @param context what else decides the request sent
   */
  CollapseKey(
      String target,
      Object query,
      List<List<@Nullable String>> headers,
      Map<String, List<@Nullable String>> namedHeaders,
      Context context,
      int group) {
    this.target = target;
    this.query = query;
    this.headers = headers;
    this.namedHeaders = namedHeaders;
    this.context = context;
    this.group = group;
    this.hash =
        31
                * (31 * (31 * (31 * target.hashCode() + query.hashCode()) + headers.hashCode())
                    + namedHeaders.hashCode())
            + context.hashCode();
  }

  /**
   * Returns the index of the collapse group the request matched. Not part of equality: the path,
   * which is, decides the group.
   */
  public int group() {
    return group;
  }

  /**
   * Returns the parts of the key as every instance of the application has them, for a request
   * that may share a call with requests of other instances: equal for two keys of one instance
   * only if the keys are equal, but for what has a value of its own on each instance. The client
   * stands as its name where it has one ({@link RequestTarget.Builder#client}); of the local
   * address a server received the request on, only the port ({@link
   * RequestTarget.Builder#receivedOn}). The parts hold query and header values as sent,
   * credentials included, and what the adapter knows of the request beyond its headers as it
   * gave it.
   */
  public List<@Nullable Object> partsOnEveryInstance() {
    return Arrays.asList(target, query, headers, namedHeaders, context.onEveryInstance());
  }

  /**
   * Returns, for a request a server received, the parts of its key that stand for where it was
   * received, as instances of one application must share them to share calls: the local
   * {@code port} and the {@code Host} it named; none for a client's request.
   */
  public Map<String, String> receivedAt() {
    if (context.localAddress() == null) {
      return Map.of();
    }
    int origin = target.indexOf("://") + 3;
    int path = target.indexOf('/', origin);
    return Map.of(
        "port",
        Integer.toString(context.localPort()),
        "Host",
        target.substring(origin, path < 0 ? target.length() : path));
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof CollapseKey that
        && hash == that.hash
        && target.equals(that.target)
        && query.equals(that.query)
        && headers.equals(that.headers)
        && namedHeaders.equals(that.namedHeaders)
        && context.equals(that.context);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public String toString() {
    return target + " (query and header values not shown)";
  }

  /**
   * What decides the request sent besides its target, query and headers: the address of the
   * client a server received it from, unless its group shares across addresses; the client that
   * sends it, with the client's name; the identity the adapter gave; the local address and port a
   * server received it on. Compared with {@code equals}, part by part.
   */
  record Context(
      @Nullable String clientAddress,
      @Nullable Object client,
      @Nullable String clientName,
      @Nullable Object identity,
      @Nullable String localAddress,
      int localPort) {

    /** Returns these parts without the client's address, for a group shared across addresses. */
    Context acrossAddresses() {
      return clientAddress == null
          ? this
          : new Context(null, client, clientName, identity, localAddress, localPort);
    }

    /**
     * Returns the parts as every instance has them: the client as its name where it has one, the
     * local port without the address, which is each instance's own (instances of one application
     * serve alike on one port).
     */
    List<@Nullable Object> onEveryInstance() {
      Object sender =
          client == null ? null : Arrays.asList("client", clientName == null ? client : clientName);
      return Arrays.asList(
          clientAddress, sender, identity, localAddress == null ? null : localPort);
    }

    @Override
    public String toString() {
      // the parts may hold what a request sent; keep them out of logs
      return "Context";
    }
  }
}
