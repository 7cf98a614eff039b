package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.http.RequestTarget;
import org.jspecify.annotations.Nullable;
import org.springframework.web.reactive.function.client.ClientRequest;

/**
 * What of a request's key comes from the filter that sees it: the filter, which stands for the
 * connector below it, with its name on every instance, and the part its key part function read of
 * the request.
 *
 * @param filter the filter (partition) the request went through
 * @param name the partition's name, the same on every instance, or {@code null}
 * @param part what the filter's key part function read of the request, or {@code null}
 * @param beforeLoadBalancer whether a load balancer below the filter picks the instance the
 *     request goes to, so that the request may leave for another host than its URI names
 */
record Partition(
    Object filter, @Nullable String name, @Nullable Object part, boolean beforeLoadBalancer) {

  /** Sets the client and identity of {@code target}, the key's parts of {@code request}. */
  RequestTarget.Builder applyTo(RequestTarget.Builder target, ClientRequest request) {
    return target.client(filter, name).identity(KeyedClientRequest.context(request, part));
  }
}
