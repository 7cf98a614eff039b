package io.github.collapseexecutor.spring.fleet;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.fleet.PortableText;
import io.github.collapseexecutor.spring.annotation.LeaderRoutes;
import java.lang.reflect.Method;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The route of one {@code @Collapsible} method's runs through the application's {@link Fleet}: the
 * key it asks with is the text of the whole local key ({@link FleetKeyText}). A call whose key
 * cannot be written, or made on a bean without a name, runs as local collapse.
 */
final class FleetRoute implements LeaderRoutes.Route {

  private static final System.Logger LOG = System.getLogger(FleetRoute.class.getName());

  /** A wait with no limit of the caller's own: until the other instance's lease ends. */
  private static final Duration FOREVER = ChronoUnit.FOREVER.getDuration();

  private final Fleet tier;
  private final Method method;
  private final String name;
  private final FleetValues values;

  /**
   * How long the leader waits for another instance's call at most, then makes its own: its
   * executor's caller timeout, or as long as that instance holds the key.
   */
  private final Duration maxWait;

  /** The reasons logged so far why calls stay on their instance. */
  private final Set<String> reported = ConcurrentHashMap.newKeySet();

  FleetRoute(Fleet tier, LeaderRoutes.RoutedMethod method, FleetValues values) {
    this.tier = tier;
    this.method = method.method();
    this.name = method.name();
    this.values = values;
    Duration timeout = method.executor().timeout();
    this.maxWait = timeout == null ? FOREVER : timeout;
  }

  /**
   * {@inheritDoc} Through the fleet: this instance makes the call, or takes the result of another
   * instance's, which started after this instance's last write.
   */
  @Override
  public @Nullable Object run(LeaderRoutes.RoutedCall call, Callable<@Nullable Object> here)
      throws Exception {
    List<String> key = key(call);
    if (key == null) {
      return here.call();
    }
    OwnCall own = new OwnCall(here, values);
    Duration sinceWrite = call.sinceLastWrite();
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
    return here.call();
  }

  /** {@inheritDoc} Through the fleet, without blocking a thread ({@link FleetFutureRun}). */
  @Override
  public CompletableFuture<@Nullable Object> start(
      LeaderRoutes.RoutedCall call, Supplier<CompletableFuture<@Nullable Object>> here) {
    List<String> key = key(call);
    return key == null
        ? here.get()
        : new FleetFutureRun(values, here).ask(tier, key, maxWait, call.sinceLastWrite());
  }

  /** Returns the fleet key of {@code call}, or {@code null} if it stays here. */
  private @Nullable List<String> key(LeaderRoutes.RoutedCall call) {
    String bean = call.bean();
    if (bean == null) {
      report("the bean they are made on has no name that another instance knows it by");
      return null;
    }
    try {
      return FleetKeyText.of(bean, method, call.key(), call.caller());
    } catch (PortableText.Unwritable e) {
      report(
          "their key or their caller's identity holds a "
              + e.type()
              + ", whose equals another instance cannot check");
      return null;
    }
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
          name + ": " + reason + "; those calls run with local collapse only");
    }
  }
}
