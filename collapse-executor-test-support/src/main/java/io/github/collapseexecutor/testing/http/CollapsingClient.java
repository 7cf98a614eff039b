package io.github.collapseexecutor.testing.http;

import io.github.collapseexecutor.http.HttpCollapseStats;

/**
 * A client whose requests go through one collapse adapter, as the client contracts drive it; each
 * adapter's test package makes its own, and closing it closes the adapter and the client.
 */
public interface CollapsingClient extends AutoCloseable {

  /** Returns the counters of the adapter. */
  HttpCollapseStats stats();

  /**
   * Makes a GET to {@code path} with one header and returns the body. A {@code null} value goes
   * into the client's header map as it is, when the client takes one.
   */
  String get(String path, String header, String value) throws Exception;

  /**
   * Makes a GET to {@code path} that carries {@code body} and returns the response body.
   *
   * @throws UnsupportedOperationException if the client sends no GET with a body
   */
  default String getWithBody(String path, String body) throws Exception {
    throw new UnsupportedOperationException("the client sends no GET with a body");
  }

  /** Whether the client's request API takes a {@code null} header value; OkHttp's does not. */
  default boolean takesNullHeaderValues() {
    return true;
  }

  /** Whether the client can send a GET with a body; OkHttp's cannot. */
  default boolean sendsGetWithBody() {
    return true;
  }

  @Override
  void close();
}
