package io.github.collapseexecutor.spring.http.client;

import java.net.URI;
import java.util.Objects;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.support.HttpRequestWrapper;

/**
 * The URI a request is keyed on: the one it goes to, or, for a request that Spring Cloud
 * LoadBalancer's interceptor has sent on to an instance of a service, the service URI the caller
 * asked for ({@code http://users/...}, {@code lb://users/...}). Which instance serves a request is
 * the load balancer's choice, so the requests for one service URI share whichever instance each
 * was given. Spring Cloud is not a dependency: its wrapper is known by name, and only a wrapper
 * that changed nothing but the scheme, host and port counts.
 */
final class ServiceUri {

  /** The request Spring Cloud LoadBalancer's interceptors hand on, pointed at an instance. */
  private static final String SERVICE_REQUEST =
      "org.springframework.cloud.client.loadbalancer.ServiceRequestWrapper";

  private ServiceUri() {}

  static URI of(HttpRequest request) {
    URI instance = request.getURI();
    if (request instanceof HttpRequestWrapper wrapper
        && request.getClass().getName().equals(SERVICE_REQUEST)) {
      URI service = wrapper.getRequest().getURI();
      if (sameResource(instance, service)) {
        return service;
      }
    }
    return instance;
  }

  private static boolean sameResource(URI instance, URI service) {
    return Objects.equals(instance.getRawPath(), service.getRawPath())
        && Objects.equals(instance.getRawQuery(), service.getRawQuery())
        && instance.getRawUserInfo() == null
        && service.getRawUserInfo() == null;
  }
}
