package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.fleet.PortableText;
import java.lang.reflect.Method;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.ResolvableType;
import org.springframework.util.ClassUtils;

/**
 * The fleet tier behind the {@link Collapsible} methods: the caller that leads a key on this
 * instance asks the application's {@link Fleet} bean for it. The key it asks with is the text of
 * the whole local key ({@link FleetKeyText}): the bean's name, the method, the key and the
 * caller's identity; the tier keeps only a keyed digest of it. A call whose key cannot be written,
 * or made on a bean without a name, runs as local collapse. Results cross as bytes, through a
 * {@link FleetCodec} bean for the method's result type, or else as JSON ({@link JsonFleetCodec}).
 */
final class FleetRoutes implements MethodFleet {

  private static final System.Logger LOG = System.getLogger(FleetRoutes.class.getName());

  /** A wait with no limit of the caller's own: until the other instance's lease ends. */
  private static final Duration FOREVER = ChronoUnit.FOREVER.getDuration();

  private final ObjectProvider<Fleet> fleet;
  private final ListableBeanFactory beans;

  FleetRoutes(ObjectProvider<Fleet> fleet, ListableBeanFactory beans) {
    this.fleet = fleet;
    this.beans = beans;
  }

  @Override
  public Route route(String annotation, Method method, ResolvableType resultType,
      Function<Object, @Nullable String> beanNames) {
    Fleet tier = fleet.getIfAvailable();
    if (tier == null) {
      throw Unsupported.method(annotation, method, "it asks for the fleet tier, and there is no"
          + " Fleet bean",
          "With Spring Boot, add collapse-executor-redis and set collapse.executor.fleet.secret"
              + " (the tier runs on the application's spring.data.redis connection); without it,"
              + " define a Fleet bean, such as RedisFleet.of(coordinator). Or turn fleet off for"
              + " the method and its named executor.");
    }
    FleetCodec<Object> codec = codec(annotation, method, resultType);
    Set<String> reported = ConcurrentHashMap.newKeySet();
    return (group, maxWait, writes, call) -> () -> {
      String bean = beanNames.apply(group.target());
      if (bean == null) {
        report(reported, method, "the bean they are made on has no name that another"
            + " instance knows it by");
        return call.call();
      }
      List<String> key;
      try {
        key = FleetKeyText.of(bean, group.method(), group.key(), group.caller());
      } catch (PortableText.Unwritable e) {
        report(reported, method, "their key or their caller's identity holds a " + e.type()
            + ", whose equals another instance cannot check");
        return call.call();
      }
      return call(tier, key, codec, maxWait, writes.sinceLast(), call);
    };
  }

  /**
   * Runs {@code call} through {@code tier}: returns this instance's own result, or what another
   * instance's call returned, read back with {@code codec}.
   */
  private static @Nullable Object call(Fleet tier, List<String> key, FleetCodec<Object> codec,
      @Nullable Duration maxWait, @Nullable Duration sinceWrite,
      Callable<@Nullable Object> call) throws Exception {
    OwnCall own = new OwnCall(call, codec);
    Duration wait = maxWait == null ? FOREVER : maxWait;
    // a run after a write here takes no result of a call another instance started before it
    byte[] shared = sinceWrite == null ? tier.call(key, wait, own)
        : tier.call(key, wait, sinceWrite, own);
    if (own.ran) {
      return own.result;
    }
    if (shared != null) {
      Object result = own.read(shared);
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
    private final FleetCodec<Object> codec;
    private boolean ran;
    private @Nullable Object result;

    OwnCall(Callable<@Nullable Object> call, FleetCodec<Object> codec) {
      this.call = call;
      this.codec = codec;
    }

    @Override
    public byte @Nullable [] call() throws Exception {
      Object own = call.call();
      result = own;
      ran = true;
      if (own == null) {
        // a method may return null: nothing to share, the waiting instances make their own calls
        return null;
      }
      try {
        return codec.encode(own);
      } catch (RuntimeException e) {
        // a result the codec cannot write stays here; the call itself succeeded
        return null;
      }
    }

    /** Returns what another instance's call returned, or {@code null} if it cannot be read. */
    @Nullable Object read(byte[] bytes) {
      try {
        return codec.decode(bytes);
      } catch (RuntimeException e) {
        // written by another version of the application, say: this instance makes its own call
        return null;
      }
    }
  }

  /** Logs once per method and reason why its calls stay on their instance. */
  private static void report(Set<String> reported, Method method, String reason) {
    if (reported.add(reason)) {
      LOG.log(System.Logger.Level.INFO, MethodNames.of(method) + ": " + reason
          + "; those calls run with local collapse only");
    }
  }

  /**
   * Returns the application's {@link FleetCodec} bean for {@code resultType}, or else the JSON
   * codec of the Jackson result copier.
   */
  @SuppressWarnings("unchecked")
  private FleetCodec<Object> codec(String annotation, Method method,
      ResolvableType resultType) {
    Class<?> raw = resultType.resolve(Object.class);
    ResolvableType boxed = raw.isPrimitive()
        ? ResolvableType.forClass(ClassUtils.resolvePrimitiveIfNecessary(raw)) : resultType;
    String[] own = beans.getBeanNamesForType(
        ResolvableType.forClassWithGenerics(FleetCodec.class, boxed));
    if (own.length > 1) {
      throw Unsupported.method(annotation, method, "several FleetCodec beans write its results ("
          + boxed + "): " + Arrays.toString(own), "Keep one FleetCodec<" + boxed + "> bean.");
    }
    if (own.length == 1) {
      return beans.getBean(own[0], FleetCodec.class);
    }
    if (beans.containsBean(JacksonResultCopier.BEAN_NAME)
        && beans.getBean(JacksonResultCopier.BEAN_NAME) instanceof JacksonCopier<?> json
        && json.canCopy(boxed)) {
      Set<String> refusals = ConcurrentHashMap.newKeySet();
      return new JsonFleetCodec(json, boxed, difference -> {
        if (refusals.add(difference)) {
          LOG.log(System.Logger.Level.INFO, MethodNames.of(method) + ": a result stays on this"
              + " instance, as another instance's caller could tell it from its own: "
              + difference + "; the instances that wait for it make their own calls");
        }
      });
    }
    throw Unsupported.method(annotation, method, "it asks for the fleet tier, and nothing writes"
        + " its results (" + resultType + ") for other instances",
        "Define a FleetCodec<" + boxed + "> bean, or put Jackson on the class path and return a"
            + " type it reads back (not Object).");
  }
}
