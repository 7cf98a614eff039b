package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.fleet.PortableText;
import java.lang.reflect.Method;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The route of one {@link Collapsible} method's runs through the application's {@link Fleet}: the
 * key it asks with is the text of the whole local key ({@link FleetKeyText}). A call whose key
 * cannot be written, or made on a bean without a name, runs as local collapse.
 */
final class FleetRoute {

  private static final System.Logger LOG = System.getLogger(FleetRoute.class.getName());

  /** A wait with no limit of the caller's own: until the other instance's lease ends. */
  private static final Duration FOREVER = ChronoUnit.FOREVER.getDuration();

  private final Fleet tier;
  private final Method method;
  private final FleetValues values;
  private final Function<Object, @Nullable String> beanNames;

  /** The reasons logged so far why calls stay on their instance. */
  private final Set<String> reported = ConcurrentHashMap.newKeySet();

  FleetRoute(
      Fleet tier, Method method, FleetValues values, Function<Object, @Nullable String> beanNames) {
    this.tier = tier;
    this.method = method;
    this.values = values;
    this.beanNames = beanNames;
  }

  /**
   * Returns {@code call}, the run of the caller that leads {@code group} on this instance, made
   * through the fleet: it makes the call itself, or takes the result of another instance's.
   *
   * @param maxWait how long the caller waits for another instance's call at most, then makes
   *     its own; {@code null} for as long as that instance holds the key
   * @param writes the writes of this instance, of which the run follows the last: it takes no
   *     result of a call another instance started before that write
   */
  Callable<@Nullable Object> through(
      CallKey group,
      @Nullable Duration maxWait,
      CompletedWrites writes,
      Callable<@Nullable Object> call) {
    return () -> {
      List<String> key = key(group);
      return key == null ? call.call() : call(key, wait(maxWait), writes.sinceLast(), call);
    };
  }

  /**
   * {@link #through} for a method that returns a future or a {@code Mono}, without blocking a
   * thread: returns what starts the run of the caller that leads {@code group} on this
   * instance, as a future of the value it shares. Cancelling that future stops the run: a
   * start that has not begun never does, and one that has is cancelled.
   *
   * @param start starts this instance's own call and returns the future of its value; it
   *     fails that future rather than throw. It runs on the thread that starts the run, or on
   *     a thread of the pool of {@code CompletableFuture}'s async stages with that thread's
   *     context, never on the tier's own
   */
  Supplier<CompletableFuture<@Nullable Object>> throughAsync(
      CallKey group,
      @Nullable Duration maxWait,
      CompletedWrites writes,
      Supplier<CompletableFuture<@Nullable Object>> start) {
    return () -> {
      List<String> key = key(group);
      return key == null
          ? start.get()
          : new FleetFutureRun(values, start).ask(tier, key, wait(maxWait), writes.sinceLast());
    };
  }

  /** Returns the fleet key of {@code group}, or {@code null} if its calls stay here. */
  private @Nullable List<String> key(CallKey group) {
    String bean = beanNames.apply(group.target());
    if (bean == null) {
      report("the bean they are made on has no name that another instance knows it by");
      return null;
    }
    try {
      return FleetKeyText.of(bean, group.method(), group.key(), group.caller());
    } catch (PortableText.Unwritable e) {
      report(
          "their key or their caller's identity holds a "
              + e.type()
              + ", whose equals another instance cannot check");
      return null;
    }
  }

  private static Duration wait(@Nullable Duration maxWait) {
    return maxWait == null ? FOREVER : maxWait;
  }

  /**
   * Runs {@code call} through the tier: returns this instance's own result, or what another
   * instance's call returned.
   *
   * @param sinceWrite how long ago this instance's last write completed, or {@code null}
   */
  private @Nullable Object call(
      List<String> key,
      Duration maxWait,
      @Nullable Duration sinceWrite,
      Callable<@Nullable Object> call)
      throws Exception {
    OwnCall own = new OwnCall(call, values);
    // a run after a write here takes no result of a call another instance started before it
    byte[] shared =
        sinceWrite == null
            ? tier.call(key, maxWait, own)
            : tier.call(key, maxWait, sinceWrite, own);
    if (own.ran) {
      return own.result;
    }
    if (shared != null) {
      Object result = values.read(shared);
      if (result != null) {
        return result;
      }
    }
    // nothing this instance can read came back, and its own call did not run: make it now
    return call.call();
  }

  /** This instance's call through the tier: what it returned, and its bytes for the others. */
  private static final class OwnCall implements Fleet.Call<Exception> {

    private final Callable<@Nullable Object> call;
    private final FleetValues values;
    private boolean ran;
    private @Nullable Object result;

    OwnCall(Callable<@Nullable Object> call, FleetValues values) {
      this.call = call;
      this.values = values;
    }

    @Override
    public byte @Nullable [] call() throws Exception {
      Object own = call.call();
      result = own;
      ran = true;
      return values.write(own);
    }
  }

  /** Logs once per reason why the method's calls stay on their instance. */
  private void report(String reason) {
    if (reported.add(reason)) {
      LOG.log(
          System.Logger.Level.INFO,
          MethodNames.of(method) + ": " + reason + "; those calls run with local collapse only");
    }
  }
}
