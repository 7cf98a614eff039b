package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.spring.NamedExecutor;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.ResolvableType;
import org.springframework.util.ClassUtils;

/**
 * The fleet tier behind the {@link Collapsible} methods that ask for it ({@link Collapsible#fleet},
 * or {@code fleet} on their named executor): the caller that leads a key on this instance asks the
 * application's {@link Fleet} bean for it ({@link FleetLeaderRun}), each method on its
 * {@link FleetRoute}; the other methods make their runs here. The key it asks with is the text of the whole local key
 * ({@link FleetKeyText}): the bean's name, the method, the key and the caller's identity; the tier
 * keeps only a keyed digest of it. Results cross as bytes, through a {@link FleetCodec} bean for
 * the method's result type (the value of a future or a {@code Mono}), or else as JSON
 * ({@link JsonFleetCodec}).
 */
final class FleetRoutes implements LeaderRuns {

  private static final System.Logger LOG = System.getLogger(FleetRoutes.class.getName());

  private final ObjectProvider<Fleet> fleet;
  private final ListableBeanFactory beans;
  private final CompletedWrites writes;

  /**
   * @param fleet the tier, asked for when the first method that uses it is found
   * @param writes the writes completed in the application, after which a run takes no result of
   *     another instance's call that started before
   */
  FleetRoutes(ObjectProvider<Fleet> fleet, ListableBeanFactory beans, CompletedWrites writes) {
    this.fleet = fleet;
    this.beans = beans;
    this.writes = writes;
  }

  /**
   * {@inheritDoc} A method that asks for the fleet tier is checked at startup: the application
   * must have a {@link Fleet} bean, and a codec of the method's results.
   */
  @Override
  public LeaderRun of(
      MethodSite site,
      Collapsible collapsible,
      NamedExecutor executor,
      ResolvableType resultType,
      Function<Object, @Nullable String> beanNames) {
    if (!collapsible.fleet() && !executor.fleet()) {
      return LeaderRun.HERE;
    }
    FleetRoute route = route("Collapsible", site.method(), resultType, beanNames);
    return new FleetLeaderRun(
        new FleetRuns(route, writes), executor.timeout(), site.executorName());
  }

  /** Returns the route of {@code method}'s calls through the fleet, checked at startup. */
  private FleetRoute route(
      String annotation,
      Method method,
      ResolvableType resultType,
      Function<Object, @Nullable String> beanNames) {
    Fleet tier = fleet.getIfAvailable();
    if (tier == null) {
      throw Unsupported.method(
          annotation,
          method,
          "it asks for the fleet tier, and there is no" + " Fleet bean",
          "With Spring Boot, add collapse-executor-redis and set collapse.executor.fleet.secret"
              + " (the tier runs on the application's spring.data.redis connection); without it,"
              + " define a Fleet bean, such as RedisFleet.of(coordinator). Or turn fleet off for"
              + " the method and its named executor.");
    }
    return new FleetRoute(
        tier, method, new FleetValues(codec(annotation, method, resultType)), beanNames);
  }

  /**
   * Returns the application's {@link FleetCodec} bean for {@code resultType}, or else the JSON
   * codec of the Jackson result copier.
   */
  @SuppressWarnings("unchecked")
  private FleetCodec<Object> codec(String annotation, Method method, ResolvableType resultType) {
    Class<?> raw = resultType.resolve(Object.class);
    ResolvableType boxed =
        raw.isPrimitive()
            ? ResolvableType.forClass(ClassUtils.resolvePrimitiveIfNecessary(raw))
            : resultType;
    String[] own =
        beans.getBeanNamesForType(ResolvableType.forClassWithGenerics(FleetCodec.class, boxed));
    if (own.length > 1) {
      throw Unsupported.method(
          annotation,
          method,
          "several FleetCodec beans write its results (" + boxed + "): " + Arrays.toString(own),
          "Keep one FleetCodec<" + boxed + "> bean.");
    }
    if (own.length == 1) {
      return beans.getBean(own[0], FleetCodec.class);
    }
    if (beans.containsBean(JacksonResultCopier.BEAN_NAME)
        && beans.getBean(JacksonResultCopier.BEAN_NAME) instanceof JacksonCopier<?> json
        && json.canCopy(boxed)) {
      Set<String> refusals = ConcurrentHashMap.newKeySet();
      return new JsonFleetCodec(
          json,
          boxed,
          difference -> {
            if (refusals.add(difference)) {
              LOG.log(
                  System.Logger.Level.INFO,
                  MethodNames.of(method)
                      + ": a result stays on this"
                      + " instance, as another instance's caller could tell it from its own: "
                      + difference
                      + "; the instances that wait for it make their own calls");
            }
          });
    }
    throw Unsupported.method(
        annotation,
        method,
        "it asks for the fleet tier, and nothing writes"
            + " its results ("
            + resultType
            + ") for other instances",
        "Define a FleetCodec<"
            + boxed
            + "> bean, or put Jackson on the class path and return a"
            + " type it reads back (not Object).");
  }
}
