package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.CollapseRules;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import java.net.URI;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.StringJoiner;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpRequest;
import org.springframework.util.MultiValueMap;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;

/**
 * What the key of a {@link ClientRequest} is built from: its headers with the cookies of
 * WebClient's cookie API ({@code cookie}, {@code cookies}, {@code defaultCookie}), which the
 * connector writes into the {@code Cookie} header only when it sends the request, the request
 * attributes, from which a later filter may make credentials, and the partition of the filter,
 * which stands for the connector below it.
 */
final class KeyedClientRequest {

  /** WebClient's own attributes: a log id that differs on every request, the URI template. */
  private static final String WEB_CLIENT_ATTRIBUTES =
      "org.springframework.web.reactive.function.client.";

  private KeyedClientRequest() {}

  /** Returns the headers of {@code request}, with its cookies in {@code Cookie}. */
  static RequestHeaders headers(ClientRequest request) {
    return headers(request.headers(), request);
  }

  /**
   * Returns whether the request that produced {@code response} has the key of {@code keyed}, the
   * request as this filter saw it. A filter that runs after this one and adds a credential (a
   * basic authentication filter, an OAuth2 filter that reads the subscriber's context) changes the
   * request sent, and the response is then not shared: those who waited for it could have been
   * sent with other credentials. Cookies that a later filter adds are not seen. Before a load
   * balancer, the request may leave for an instance of the service its URI names: the sent URI is
   * then read as the service URI if only its scheme, host and port differ.
   */
  // the very headers object the filter keyed: a quick yes before the key is made again
  @SuppressWarnings("ReferenceEquality")
  static boolean sentAsKeyed(
      CollapseRules rules,
      CollapseKey key,
      ClientRequest keyed,
      Partition partition,
      ClientResponse response) {
    HttpRequest sent = response.request();
    if (sent.getHeaders() == keyed.headers() && sent.getURI().equals(keyed.url())) {
      return true;
    }
    URI uri =
        partition.beforeLoadBalancer() && sameResource(sent.getURI(), keyed.url())
            ? keyed.url()
            : sent.getURI();
    return key.equals(
        rules.keyFor(
            partition
                .applyTo(
                    RequestTarget.builder(keyed.method().name(), uri)
                        .headers(headers(sent.getHeaders(), keyed)),
                    keyed)
                .build()));
  }

  /**
   * Whether {@code sent} asks for what {@code keyed} names, on another host: what a load balancer
   * changes when it sends a request to an instance of the service.
   */
  private static boolean sameResource(URI sent, URI keyed) {
    return Objects.equals(sent.getRawPath(), keyed.getRawPath())
        && Objects.equals(sent.getRawQuery(), keyed.getRawQuery())
        && sent.getRawUserInfo() == null
        && keyed.getRawUserInfo() == null;
  }

  private static RequestHeaders headers(HttpHeaders headers, ClientRequest request) {
    // headerSet(): the same method, in source and class files, on Spring 6.2 and 7
    RequestHeaders view = RequestHeaders.ofEntries(headers.headerSet());
    return request.cookies().isEmpty() ? view : view.withCookies(cookieHeader(request.cookies()));
  }

  /**
   * Returns whether the connector may change {@code request} after every filter has run: it has a
   * {@code httpRequest} consumer, which runs on the request being sent and may set headers (a
   * credential) that no filter sees, nor {@link ClientResponse#request()} reports. WebClient sets
   * none unless asked to, on Spring 6.2 and 7 alike: {@code httpRequest()} is then {@code null}.
   * A consumer the application declared harmless
   * ({@link CollapseExchangeFilterFunction#HTTP_REQUEST_CHANGES_NO_ANSWER}) does not count.
   */
  static boolean changedWhenSent(ClientRequest request) {
    return request.httpRequest() != null
        && !Boolean.TRUE.equals(
            request
                .attributes()
                .get(CollapseExchangeFilterFunction.HTTP_REQUEST_CHANGES_NO_ANSWER));
  }

  /**
   * Returns whether {@code request} carries a body: its inserter is not WebClient's empty one,
   * which every request built without a body holds.
   */
  static boolean hasBody(ClientRequest request) {
    Object empty = BodyInserters.empty();
    return request.body() != empty;
  }

  /**
   * Returns the identity of the key past its client: the key part's value, with the attributes a
   * later filter could read if there are any. Attribute values are compared with
   * {@code equals}: a value that has no equality of its own (a servlet request, say) keeps its
   * request apart from every other, and on its instance.
   */
  static @Nullable Object context(ClientRequest request, @Nullable Object part) {
    Map<String, Object> attributes = attributesSeenLater(request);
    return attributes == null ? part : Arrays.asList(part, attributes);
  }

  private static @Nullable Map<String, Object> attributesSeenLater(ClientRequest request) {
    Map<String, Object> attributes = null;
    for (Map.Entry<String, Object> attribute : request.attributes().entrySet()) {
      if (!attribute.getKey().startsWith(WEB_CLIENT_ATTRIBUTES)) {
        if (attributes == null) {
          attributes = new HashMap<>();
        }
        attributes.put(attribute.getKey(), attribute.getValue());
      }
    }
    return attributes;
  }

  private static String cookieHeader(MultiValueMap<String, String> cookies) {
    StringJoiner header = new StringJoiner("; ");
    cookies.forEach((name, values) -> addAll(header, name, values));
    return header.toString();
  }

  private static void addAll(StringJoiner header, String name, Collection<String> values) {
    for (String value : values) {
      header.add(name + "=" + value);
    }
  }
}
