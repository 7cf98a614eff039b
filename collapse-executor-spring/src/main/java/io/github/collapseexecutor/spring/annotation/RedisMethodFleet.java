package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.core.internal.PortableText;
import io.github.collapseexecutor.redis.FleetCodec;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.FleetKey;
import java.lang.reflect.Method;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
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
 * The fleet tier of {@code collapse-executor-redis} behind the {@link Collapsible} methods: the
 * caller that leads a key on this instance asks the application's {@link FleetCoordinator} for
 * it. The key it asks with is the text of the whole local key ({@link FleetKeyText}): the bean's
 * name, the method, the key and the caller's identity; the coordinator keeps only a keyed digest
 * of it. A call whose key cannot be written, or made on a bean without a name, runs as local
 * collapse. Results cross through a {@link FleetCodec} bean for the method's result type, or else
 * as JSON ({@link JsonFleetCodec}).
 */
final class RedisMethodFleet implements MethodFleet {

  private static final System.Logger LOG = System.getLogger(RedisMethodFleet.class.getName());

  /** A wait with no limit of the caller's own: until the other instance's lease ends. */
  private static final Duration FOREVER = ChronoUnit.FOREVER.getDuration();

  private final ObjectProvider<FleetCoordinator> coordinator;
  private final ListableBeanFactory beans;

  RedisMethodFleet(ObjectProvider<FleetCoordinator> coordinator, ListableBeanFactory beans) {
    this.coordinator = coordinator;
    this.beans = beans;
  }

  @Override
  public Route route(String annotation, Method method, ResolvableType resultType,
      Function<Object, @Nullable String> beanNames) {
    FleetCoordinator fleet = coordinator.getIfAvailable();
    if (fleet == null) {
      throw Unsupported.method(annotation, method, "it asks for the fleet tier, and there is no"
          + " FleetCoordinator bean",
          "With Spring Boot, set collapse.executor.fleet.secret (the tier runs on the"
              + " application's spring.data.redis connection); without it, define a"
              + " FleetCoordinator bean. Or turn fleet off for the method and its named executor.");
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
      FleetKey key;
      try {
        key = FleetKey.of(FleetKeyText.of(bean, group.method(), group.key(), group.caller()));
      } catch (PortableText.Unwritable e) {
        report(reported, method, "their key or their caller's identity holds a " + e.type()
            + ", whose equals another instance cannot check");
        return call.call();
      }
      return call(fleet, key, codec, maxWait, writes.sinceLast(), call);
    };
  }

  private static @Nullable Object call(FleetCoordinator fleet, FleetKey key,
      FleetCodec<Object> codec, @Nullable Duration maxWait, @Nullable Duration sinceWrite,
      Callable<@Nullable Object> call) throws Exception {
    if (sinceWrite != null) {
      // a run after a write here takes no result of a call another instance started before it
      return fleet.call(key, codec, maxWait == null ? FOREVER : maxWait, sinceWrite, call::call);
    }
    return maxWait == null ? fleet.call(key, codec, call::call)
        : fleet.call(key, codec, maxWait, call::call);
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
