package io.github.collapseexecutor.benchmarks;

import com.netflix.hystrix.Hystrix;
import com.netflix.hystrix.HystrixCollapser;
import com.netflix.hystrix.HystrixCollapserKey;
import com.netflix.hystrix.HystrixCollapserProperties;
import com.netflix.hystrix.HystrixCommand;
import com.netflix.hystrix.HystrixCommandGroupKey;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.HystrixThreadPoolProperties;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Netflix Hystrix's {@link HystrixCollapser} as a peer: single {@link #load} calls are collected for
 * a fixed window and then loaded by one batch {@link HystrixCommand}.
 *
 * <p>Set up as Hystrix documents batching across concurrent callers, with its defaults everywhere
 * but four places:
 * <ul>
 *   <li>{@link HystrixCollapser.Scope#GLOBAL}: the default scope, {@code REQUEST}, only collapses
 *       calls made within one {@code HystrixRequestContext} (one incoming request); collapsing
 *       calls from different threads, as the executors under test do, needs the global scope.</li>
 *   <li>The window ({@code timerDelayInMilliseconds}) is a parameter: Hystrix's default is 10 ms,
 *       and 1 ms is the smallest a whole number of milliseconds allows.</li>
 *   <li>The batch command's request log is off: it only records into a
 *       {@code HystrixRequestContext}, and global-scope calls have none.</li>
 *   <li>The batch command's thread pool has {@value #POOL_THREADS} threads instead of 10, sized by
 *       Hystrix's own rule (batches per second at peak times their 99th percentile time, plus
 *       room): a 1 ms window starts up to 1000 batches a second, and on a loaded 2-core machine a
 *       batch waiting for one of 8 backend permits can take 10 to 30 ms. With the default 10
 *       threads a first run at 200 threads had batches rejected ("could not be queued for
 *       execution"), which fails every caller in them.</li>
 * </ul>
 * The batch command keeps the default thread isolation, the 1 s timeout and the circuit breaker, so
 * its cost is the one a Hystrix user pays. Each collapser key (one per window) has its own
 * properties and thread pool, since Hystrix caches both by key.
 */
final class HystrixPeer implements Peer {

  /** Threads in the pool that runs batch commands. */
  static final int POOL_THREADS = 32;

  private final HystrixCollapser.Setter collapserSetter;
  private final HystrixCommand.Setter commandSetter;
  private final Function<List<Integer>, Map<Integer, Integer>> loadAll;

  /**
   * Creates a collapser configuration.
   *
   * @param windowMillis how long the collapser collects calls before it starts a batch
   * @param loadAll loads all the given ids in one call
   */
  HystrixPeer(int windowMillis, Function<List<Integer>, Map<Integer, Integer>> loadAll) {
    String name = "peer-" + windowMillis + "ms";
    this.collapserSetter =
        HystrixCollapser.Setter.withCollapserKey(HystrixCollapserKey.Factory.asKey(name))
            .andScope(HystrixCollapser.Scope.GLOBAL)
            .andCollapserPropertiesDefaults(
                HystrixCollapserProperties.Setter().withTimerDelayInMilliseconds(windowMillis));
    this.commandSetter =
        HystrixCommand.Setter.withGroupKey(HystrixCommandGroupKey.Factory.asKey(name))
            .andCommandPropertiesDefaults(
                HystrixCommandProperties.Setter().withRequestLogEnabled(false))
            .andThreadPoolPropertiesDefaults(
                HystrixThreadPoolProperties.Setter().withCoreSize(POOL_THREADS));
    this.loadAll = loadAll;
  }

  /** Loads one id through a new collapser, as Hystrix expects (one collapser per call). */
  @Override
  public Integer load(Integer id) {
    return new Collapser(id).execute();
  }

  /** Stops Hystrix's timer and thread pools, which are global to the JVM. */
  @Override
  public void close() {
    Hystrix.reset();
  }

  /** Collapses one id into the next batch command. */
  private final class Collapser extends HystrixCollapser<Map<Integer, Integer>, Integer, Integer> {

    private final Integer id;

    Collapser(Integer id) {
      super(collapserSetter);
      this.id = id;
    }

    @Override
    public Integer getRequestArgument() {
      return id;
    }

    @Override
    protected HystrixCommand<Map<Integer, Integer>> createCommand(
        Collection<CollapsedRequest<Integer, Integer>> requests) {
      List<Integer> ids = new ArrayList<>(requests.size());
      for (CollapsedRequest<Integer, Integer> request : requests) {
        ids.add(request.getArgument());
      }
      return new BatchCommand(ids);
    }

    @Override
    protected void mapResponseToRequests(
        Map<Integer, Integer> values, Collection<CollapsedRequest<Integer, Integer>> requests) {
      for (CollapsedRequest<Integer, Integer> request : requests) {
        request.setResponse(values.get(request.getArgument()));
      }
    }
  }

  /** Loads one batch of ids on Hystrix's thread pool. */
  private final class BatchCommand extends HystrixCommand<Map<Integer, Integer>> {

    private final List<Integer> ids;

    BatchCommand(List<Integer> ids) {
      super(commandSetter);
      this.ids = ids;
    }

    @Override
    protected Map<Integer, Integer> run() {
      return loadAll.apply(ids);
    }
  }
}
