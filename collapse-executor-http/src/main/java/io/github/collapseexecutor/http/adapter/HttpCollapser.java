package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.CollapseRules;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;

/**
 * What the three collapsers have in common: one collapse executor with its options, the rules
 * that build a request's key, and the counters. An adapter holds one collapser per instance that
 * the application sees (one interceptor, one filter), or shares one between partitions of itself.
 *
 * <p>Thread-safe: one collapser serves every request of its adapter at once.
 *
 * <pre>{@code
 * HttpCollapseStats stats = collapser.stats();   // what the adapter's own stats() returns
 * CollapseKey key = collapser.rules().keyFor(RequestTarget.builder("GET", uri).build());
 * }</pre>
 */
public abstract sealed class HttpCollapser implements AutoCloseable
    permits BlockingClientCollapser, AsyncClientCollapser, ServerCollapser {

  final CollapseProtocol protocol;

  HttpCollapser(HttpCollapseOptions options, String defaultName) {
    this.protocol = new CollapseProtocol(options, defaultName);
  }

  /**
   * Returns the rules that build a request's key from the options: a server adapter calls
   * {@code keyFor} with its {@code RequestTarget}, and hands the key to the collapser; a client
   * collapser builds the key itself.
   */
  public final CollapseRules rules() {
    return protocol.rules;
  }

  /** Returns the counters of every request this collapser saw. */
  public final HttpCollapseStats stats() {
    return protocol.stats();
  }

  /** Returns the name of the collapse executor: the options' name, or the default given. */
  public final String name() {
    return protocol.name();
  }

  /**
   * Stops collapsing: calls in progress complete for every caller that shares them, and later
   * requests pass through untouched. Idempotent.
   */
  @Override
  public final void close() {
    protocol.close();
  }
}
