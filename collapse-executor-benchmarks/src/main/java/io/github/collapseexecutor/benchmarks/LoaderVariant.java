package io.github.collapseexecutor.benchmarks;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.LimitProbe;
import java.util.function.Function;

/**
 * A loader of {@link SlowBackendLoaders} as the benchmark tools name it: {@code blocking} or
 * {@code async} with the default options, or followed by {@code -N} for a fixed limit of N batches
 * in flight, or by {@code -max} for no limit.
 *
 * @param name the whole name, as the tools print it
 * @param blocking whether the flavour is the blocking one, not the async one
 * @param limit {@code default}, {@code max} or a positive number
 */
public record LoaderVariant(String name, boolean blocking, String limit) {

  /**
   * A started loader: one blocking call per request, its limit, and what closes it. The tools run
   * the direct call and the peers through this too, with no limit to read.
   */
  public interface Started<R> extends AutoCloseable {

    /** Loads {@code request} and returns its value once it is bound. */
    Integer load(R request);

    /** Returns what reads the loader's limit of batches in flight, or null where it has none. */
    LimitProbe probe();

    @Override
    void close();
  }

  /** Whether {@code name} names a loader rather than the direct call or a peer. */
  public static boolean isLoader(String name) {
    return name.startsWith("blocking") || name.startsWith("async");
  }

  /**
   * Returns the variant {@code name} names.
   *
   * @throws IllegalArgumentException if it names none
   */
  public static LoaderVariant parse(String name) {
    int dash = name.indexOf('-');
    String flavour = dash < 0 ? name : name.substring(0, dash);
    String limit = dash < 0 ? "default" : name.substring(dash + 1);
    boolean knownLimit =
        limit.equals("default") || limit.equals("max") || limit.matches("[1-9][0-9]*");
    if (!knownLimit || !(flavour.equals("blocking") || flavour.equals("async"))) {
      throw new IllegalArgumentException("unknown variant: " + name);
    }
    return new LoaderVariant(name, flavour.equals("blocking"), limit);
  }

  /** Returns the options of this variant, with no collecting wait as by default. */
  public CollapseExecutorOptions options() {
    return SlowBackendBenchmark.options(limit, /* collectingWaitTime= */ "default");
  }

  /** Starts a loader of this variant in front of {@code backend}. */
  public <R> Started<R> start(SlowBackend backend, SlowBackendLoaders.Requests<R> requests) {
    if (blocking) {
      SlowBackendLoaders.Blocking<R> loader =
          new SlowBackendLoaders.Blocking<>(backend, requests, options());
      return started(loader::execute, LimitProbe.of(loader), loader::close);
    }
    SlowBackendLoaders.Async<R> loader =
        new SlowBackendLoaders.Async<>(backend, requests, options());
    return started(request -> loader.execute(request).join(), LimitProbe.of(loader), loader::close);
  }

  /** Returns {@code call} as a started loader whose limit {@code probe} reads (null: none). */
  static <R> Started<R> started(Function<R, Integer> call, LimitProbe probe, Runnable closer) {
    return new Started<>() {
      @Override
      public Integer load(R request) {
        return call.apply(request);
      }

      @Override
      public LimitProbe probe() {
        return probe;
      }

      @Override
      public void close() {
        closer.run();
      }
    };
  }
}
