package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.Incubating;
import io.github.collapseexecutor.http.CollapseRules;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;

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
@Incubating
public abstract sealed class HttpCollapser implements AutoCloseable
    permits BlockingClientCollapser, AsyncClientCollapser, ServerCollapser {

  private final CollapseProtocol protocol;

  HttpCollapser(HttpCollapseOptions options, String defaultName) {
    this.protocol = new CollapseProtocol(options, defaultName);
  }

  /** Returns the protocol the collapser follows. */
  final CollapseProtocol protocol() {
    return protocol;
  }

  /**
   * Returns the rules that build a request's key from the options: a server adapter calls
   * {@code keyFor} with its {@code RequestTarget}, and hands the key to the collapser; a client
   * collapser builds the key itself.
   */
  public final CollapseRules rules() {
    return protocol.rules();
  }

  /** Returns the counters of every request this collapser saw. */
  public final HttpCollapseStats stats() {
    return protocol.counters();
  }

  /**
   * Returns whether a request with {@code method} is a write: a method that is not safe
   * (anything but {@code GET}, {@code HEAD}, {@code OPTIONS} and {@code TRACE}), for which the
   * server may change what later reads return. A server adapter tells the collapser of each
   * write it passed once the write's response is complete ({@link #written}); a client
   * collapser counts the writes it sends itself.
   */
  public static boolean isWrite(String method) {
    return WriteClock.isWrite(method);
  }

  /**
   * Tells the collapser that a write ({@link #isWrite}) completed: from now on, a request that
   * arrives never joins a call that started before this moment, as that call may have read the
   * state from before the write; the call goes on for the requests that joined it before.
   * Which groups a write concerns is {@link HttpCollapseOptions#writeScope()}'s to say, from the
   * write's path. With a tier across instances in the options, it returns once the tier counted the write
   * too, so that no instance's request joins such a call either: at most the tier's
   * coordination timeout later.
   *
   * @param matchPath the write's path as the groups match it (a servlet's without its context
   *     path), or {@code null} if unknown: it then concerns only adapters whose writes concern
   *     every group
   */
  public final void written(@Nullable String matchPath) {
    protocol.written(matchPath).toCompletableFuture().join();
  }

  /**
   * {@link #written} for a server that must not block: the collapser counts the write at once,
   * and the stage completes once the options' tier across instances, if any, counted it too (it never
   * fails, and completes within the tier's coordination timeout). Let the write's response leave
   * once it completed, so that a read its client sends next, to any instance, never joins a call
   * that started before the write.
   */
  public final CompletionStage<Void> writtenAsync(@Nullable String matchPath) {
    return protocol.written(matchPath);
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
