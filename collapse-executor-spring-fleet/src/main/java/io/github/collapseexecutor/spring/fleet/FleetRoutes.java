package io.github.collapseexecutor.spring.fleet;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.spring.annotation.JacksonCopier;
import io.github.collapseexecutor.spring.annotation.JacksonResultCopier;
import io.github.collapseexecutor.spring.annotation.LeaderRoutes;
import io.github.collapseexecutor.spring.annotation.MisconfiguredMethodException;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.ResolvableType;
import org.springframework.util.ClassUtils;

/**
 * The fleet tier behind the {@code @Collapsible} methods that ask for it ({@code fleet} on the
 * annotation or its named executor): the caller that leads a key on this instance asks the
 * application's {@link Fleet} bean for it, each method on its {@link FleetRoute}; the other
 * methods make their runs here. The key it asks with is the text of the whole local key
 * ({@link FleetKeyText}): the bean's name, the method, the key and the caller's identity; the tier
 * keeps only a keyed digest of it. Results cross as bytes, through a {@link FleetCodec} bean for
 * the method's result type (the value of a future or a {@code Mono}), or else as JSON
 * ({@link JsonFleetCodec}).
 */
final class FleetRoutes implements LeaderRoutes {

  private static final System.Logger LOG = System.getLogger(FleetRoutes.class.getName());

  private final ObjectProvider<Fleet> fleet;
  private final ListableBeanFactory beans;

  /**
   * @param fleet the tier, asked for when the first method that uses it is found
   * @param beans where the codecs of the methods' results are found
   */
  FleetRoutes(ObjectProvider<Fleet> fleet, ListableBeanFactory beans) {
    this.fleet = fleet;
    this.beans = beans;
  }

  /**
   * {@inheritDoc} A method that asks for the fleet tier is checked at startup: the application
   * must have a {@link Fleet} bean, and a codec of the method's results.
   */
  @Override
  public @Nullable Route route(RoutedMethod method) {
    if (!method.collapsible().fleet() && !method.executor().fleet()) {
      return null;
    }
    Fleet tier = fleet.getIfAvailable();
    if (tier == null) {
      throw misconfigured(
          method,
          "it asks for the fleet tier, and there is no Fleet bean",
          "With Spring Boot, add collapse-executor-redis and set collapse.executor.fleet.secret"
              + " (the tier runs on the application's spring.data.redis connection); without it,"
              + " define a Fleet bean, such as RedisFleet.of(coordinator). Or turn fleet off for"
              + " the method and its named executor.");
    }
    return new FleetRoute(tier, method, new FleetValues(codec(method)));
  }

  /**
   * {@inheritDoc} Through the application's {@link Fleet} bean, which counts it for every
   * instance, the HTTP adapters' requests too.
   */
  @Override
  public CompletionStage<Void> written() {
    Fleet tier = fleet.getIfAvailable();
    return tier == null ? CompletableFuture.completedFuture(null) : tier.written();
  }

  /**
   * Returns the application's {@link FleetCodec} bean for the method's result type, or else the
   * JSON codec of the Jackson result copier.
   */
  @SuppressWarnings("unchecked")
  private FleetCodec<Object> codec(RoutedMethod method) {
    ResolvableType resultType = method.resultType();
    Class<?> raw = resultType.resolve(Object.class);
    ResolvableType boxed =
        raw.isPrimitive()
            ? ResolvableType.forClass(ClassUtils.resolvePrimitiveIfNecessary(raw))
            : resultType;
    String[] own =
        beans.getBeanNamesForType(ResolvableType.forClassWithGenerics(FleetCodec.class, boxed));
    if (own.length > 1) {
      throw misconfigured(
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
                  method.name()
                      + ": a result stays on this"
                      + " instance, as another instance's caller could tell it from its own: "
                      + difference
                      + "; the instances that wait for it make their own calls");
            }
          });
    }
    throw misconfigured(
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

  private static MisconfiguredMethodException misconfigured(
      RoutedMethod method, String reason, String action) {
    return new MisconfiguredMethodException("Collapsible", method.name(), reason, action, null);
  }
}
