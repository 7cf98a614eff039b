package io.github.collapseexecutor.spring.http.reactive;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.HashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.client.reactive.ClientHttpRequest;
import org.springframework.util.ClassUtils;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.WebClientRequestException;

/**
 * The response timeout a request sets on its own, through an {@code httpRequest} consumer that
 * declares it changes no answer ({@link CollapseExchangeFilterFunction#HTTP_REQUEST_CHANGES_NO_ANSWER}):
 * Reactor Netty's {@code HttpClientRequest.responseTimeout}, the longest it waits for the next
 * bytes of a response. The consumer is run once more, on a request that only takes note of that
 * timeout, since it keeps the duration to itself; the connector runs it on the request it sends,
 * as before.
 */
final class ResponseTimeouts {

  /** Reactor Netty's request type, looked up once; {@code null} without Reactor Netty. */
  private static final @Nullable Class<?> REACTOR_NETTY_REQUEST = nettyRequestType();

  private ResponseTimeouts() {}

  /**
   * Returns the response timeout the consumer of {@code request} sets, in nanoseconds, or
   * {@link Long#MAX_VALUE} if it sets none, if the connector is not Reactor Netty's, or if the
   * consumer fails on a request that only takes note. Asked only of a request with a key, whose
   * consumer, if any, is declared harmless: any other consumer keeps its request out of collapse.
   */
  static long of(ClientRequest request) {
    Consumer<ClientHttpRequest> consumer = request.httpRequest();
    Class<?> nettyType = REACTOR_NETTY_REQUEST;
    if (nettyType == null || consumer == null) {
      return Long.MAX_VALUE;
    }
    AtomicReference<@Nullable Duration> timeout = new AtomicReference<>();
    try {
      consumer.accept(noting(request, nettyType, timeout));
    } catch (RuntimeException unexpected) {
      // a consumer that needs more of the request than a note-taker has sets what it sets
      return Long.MAX_VALUE;
    }
    Duration set = timeout.get();
    return set == null || set.isNegative() || set.isZero() ? Long.MAX_VALUE : set.toNanos();
  }

  /** Returns whether {@code failure}, or one of its causes, is a read or response timeout. */
  static boolean isResponseTimeout(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause.getClass().getName().equals("io.netty.handler.timeout.ReadTimeoutException")) {
        return true;
      }
      if (cause.getCause() == cause) {
        break;
      }
    }
    return false;
  }

  /** Returns what WebClient signals when a response timeout ends a request of its own. */
  static Throwable reached(ClientRequest request) {
    return new WebClientRequestException(
        NettyTimeout.read(), request.method(), request.url(), request.headers());
  }

  private static @Nullable Class<?> nettyRequestType() {
    try {
      return ClassUtils.forName(
          "reactor.netty.http.client.HttpClientRequest", ResponseTimeouts.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError absent) {
      return null;
    }
  }

  private static ClientHttpRequest noting(
      ClientRequest request, Class<?> nettyType, AtomicReference<@Nullable Duration> timeout) {
    Object[] netty = new Object[1];
    InvocationHandler nettyNotes =
        (proxy, method, args) -> {
          if (method.getName().equals("responseTimeout")
              && args != null
              && args.length == 1
              && args[0] instanceof Duration duration) {
            timeout.set(duration);
          }
          return fallback(method.getReturnType(), nettyType, netty[0]);
        };
    netty[0] =
        Proxy.newProxyInstance(
            ResponseTimeouts.class.getClassLoader(), new Class<?>[] {nettyType}, nettyNotes);
    InvocationHandler notes =
        (proxy, method, args) ->
            switch (method.getName()) {
              case "getNativeRequest" -> netty[0];
              case "getMethod" -> request.method();
              case "getURI" -> request.url();
              case "getHeaders" -> new HttpHeaders();
              case "getCookies" -> new LinkedMultiValueMap<>();
              case "getAttributes" -> new HashMap<>();
              default -> fallback(method.getReturnType(), ClientHttpRequest.class, proxy);
            };
    return (ClientHttpRequest)
        Proxy.newProxyInstance(
            ResponseTimeouts.class.getClassLoader(),
            new Class<?>[] {ClientHttpRequest.class},
            notes);
  }

  /** What a note-taking request answers a call it does not note: itself, or nothing. */
  private static @Nullable Object fallback(Class<?> returned, Class<?> type, Object self) {
    if (returned.isAssignableFrom(type)) {
      return self;
    }
    if (returned == boolean.class) {
      return false;
    }
    if (returned == int.class || returned == long.class) {
      return returned == int.class ? (Object) 0 : (Object) 0L;
    }
    return null;
  }

  /** Netty's read timeout, looked up only once Reactor Netty is known to be there. */
  private static final class NettyTimeout {

    static Throwable read() {
      try {
        return (Throwable)
            ClassUtils.forName(
                    "io.netty.handler.timeout.ReadTimeoutException",
                    ResponseTimeouts.class.getClassLoader())
                .getField("INSTANCE")
                .get(null);
      } catch (ReflectiveOperationException | LinkageError | ClassCastException absent) {
        return new java.util.concurrent.TimeoutException("response timeout");
      }
    }
  }
}
