package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.Incubating;
import io.github.collapseexecutor.http.HttpCollapseStats;
import java.util.Objects;

/**
 * The public side that every HTTP adapter has alike: its counters and its close, over the
 * collapser it holds. An adapter extends it and implements its library's interceptor or filter
 * type, which only translates:
 *
 * <pre>{@code
 * public final class CollapseInterceptor extends HttpCollapseAdapter<BlockingClientCollapser>
 *     implements Interceptor {
 *
 *   public CollapseInterceptor(HttpCollapseOptions options) {
 *     super(new BlockingClientCollapser(options, "okhttp"));
 *   }
 *
 *   public Response intercept(Chain chain) throws IOException {
 *     RequestTarget target = ...;   // the request's method, URI, headers, identity
 *     return collapser().execute(target, new OkHttpDriver(chain));
 *   }
 * }
 * }</pre>
 *
 * <p>Each adapter names its collapse executor after the options' {@code name}, or else after its
 * public {@code DEFAULT_NAME}: the name its listener reports, and that meters, the actuator endpoint
 * and the log show. The Spring Boot auto-configuration names each adapter it makes so too, and
 * takes its settings from the section of {@code collapse.executor} of that name.
 *
 * @param <C> the kind of collapser: blocking client, async client or server
 */
@Incubating
public abstract class HttpCollapseAdapter<C extends HttpCollapser> implements AutoCloseable {

  private final C collapser;

  /** Takes the collapser this adapter (and any partition of it) collapses with. */
  protected HttpCollapseAdapter(C collapser) {
    this.collapser = Objects.requireNonNull(collapser, "collapser");
  }

  /** Returns the collapser this adapter collapses with. */
  protected final C collapser() {
    return collapser;
  }

  /**
   * Returns the counters of this adapter; partitions of one adapter share its collapser, so they
   * return the same counters.
   */
  public final HttpCollapseStats stats() {
    return collapser.stats();
  }

  /**
   * Stops collapsing, for this adapter and its partitions alike: calls in progress complete for
   * every caller that shares them, and later requests pass through untouched. Idempotent; a Spring
   * context calls it when it closes.
   */
  @Override
  public void close() {
    collapser.close();
  }
}
