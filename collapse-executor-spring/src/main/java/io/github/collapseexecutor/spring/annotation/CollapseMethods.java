package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.util.ReflectionUtils;

/**
 * The annotated methods of the application's beans, each with its collapser. A bean's class, and
 * each interface a proxy of it exposes that its class does not implement (a Spring Data
 * repository's), is checked whole when its first bean is created, so a method that cannot be
 * collapsed stops the application at startup with the method and the reason.
 */
public final class CollapseMethods {

  private static final List<Class<? extends Annotation>> ANNOTATIONS =
      List.of(Collapsible.class, CollapseBatch.class, CollapseBarrier.class);

  private final Set<String> executorsOff = ConcurrentHashMap.newKeySet();
  private final Supplier<MethodObserver> observers;
  private final Supplier<CallerIdentities> identitySource;
  private final MethodAdvices advices;

  /** The advice of the annotated methods of each class or interface, found once per type. */
  private final Map<Class<?>, Map<Method, MethodAdvice>> byContext = new ConcurrentHashMap<>();

  /**
   * The singleton beans with annotated methods, by name: every instance of the application knows
   * a bean by it, which a method's {@link LeaderRun} may need.
   */
  private final Map<BeanIdentity, String> beanNames = new ConcurrentHashMap<>();

  private volatile @Nullable MethodObserver observer;
  private volatile @Nullable CallerIdentities identities;

  /**
   * Creates the registry.
   *
   * @param executors the named executors, asked for when the first annotated class is found
   * @param observer what observes the calls, asked for at the same time
   * @param identities what tells callers apart, asked for at the same time
   * @param copiers where the result copiers that methods and executors name are found
   * @param leaderRoutes where the leaders of each {@link Collapsible} method make their runs, asked
   *     for when the first one is found
   * @param writes the writes completed in the application, which collapsed calls never go
   *     back before
   */
  CollapseMethods(
      Supplier<NamedExecutors> executors,
      Supplier<MethodObserver> observer,
      Supplier<CallerIdentities> identities,
      ResultCopiers copiers,
      Supplier<LeaderRoutes> leaderRoutes,
      CompletedWrites writes) {
    this.observers = observer;
    this.identitySource = identities;
    this.advices =
        new MethodAdvices(
            executors,
            this::observer,
            this::identities,
            copiers,
            leaderRoutes,
            this::beanName,
            writes);
  }

  /**
   * Records that {@code bean}, a singleton with annotated methods, is named {@code name}: every
   * instance of the application knows it by that name.
   */
  void named(Object bean, String name) {
    beanNames.put(new BeanIdentity(bean), name);
  }

  private @Nullable String beanName(Object bean) {
    return beanNames.get(new BeanIdentity(bean));
  }

  /** Returns what tells callers apart, for a method that does not share across callers. */
  private CallerIdentities identities(boolean sharedAcrossCallers) {
    if (sharedAcrossCallers) {
      return CallerIdentities.NONE;
    }
    CallerIdentities known = identities;
    if (known == null) {
      // benign race, as for the observer
      known = identitySource.get();
      identities = known;
    }
    return known;
  }

  /** Returns what observes the calls of the annotated methods. */
  MethodObserver observer() {
    MethodObserver known = observer;
    if (known == null) {
      // benign race: every thread gets an equivalent observer, one of them is kept
      known = observers.get();
      observer = known;
    }
    return known;
  }

  /**
   * Returns the annotated methods of a bean of {@code types}, each with its advice; each class
   * and interface is checked once, when the first bean that has it is created.
   *
   * @throws io.github.collapseexecutor.spring.annotation.MisconfiguredMethodException naming the
   *     method and the reason, if one cannot be collapsed
   */
  BeanMethods methodsOf(BeanTypes types) {
    Map<Method, MethodAdvice> found = new LinkedHashMap<>();
    Class<?> targetClass = types.targetClass();
    if (targetClass != null) {
      found.putAll(inContext(targetClass));
    }
    for (Class<?> declaring : types.interfaces()) {
      found.putAll(inContext(declaring));
    }
    return new BeanMethods(found);
  }

  private Map<Method, MethodAdvice> inContext(Class<?> context) {
    Map<Method, MethodAdvice> known = byContext.get(context);
    if (known != null) {
      return known;
    }
    Map<Method, MethodAdvice> found = new LinkedHashMap<>();
    if (isAnnotated(context)) {
      for (Method method :
          ReflectionUtils.getUniqueDeclaredMethods(
              context, ReflectionUtils.USER_DECLARED_METHODS)) {
        MethodAdvice advice = advices.of(new MethodSite(method, context));
        if (advice != null) {
          found.put(method, advice);
        }
      }
    }
    // no lock while the advice is made, which may create beans: of two threads, one wins
    known = byContext.putIfAbsent(context, Map.copyOf(found));
    return known != null ? known : byContext.get(context);
  }

  /** Returns whether {@code beanClass} or one of its methods carries an annotation. */
  static boolean isAnnotated(Class<?> beanClass) {
    if (!AnnotationUtils.isCandidateClass(beanClass, ANNOTATIONS)) {
      return false;
    }
    if (AnnotatedElementUtils.hasAnnotation(beanClass, Collapsible.class)) {
      return true;
    }
    boolean[] found = {false};
    ReflectionUtils.doWithMethods(
        beanClass,
        method -> found[0] = true,
        method ->
            !found[0]
                && ANNOTATIONS.stream()
                    .anyMatch(
                        annotation -> AnnotatedElementUtils.hasAnnotation(method, annotation)));
    return found[0];
  }

  /**
   * Turns collapsing off or on for every method that uses the named executor {@code executor},
   * or for the methods whose own executor is named {@code executor}
   * ({@link CollapsedMethod#executorName()}, as {@code UserService.user}): while off, their calls
   * go straight to the method, one call each; calls that already joined a shared run finish with
   * it.
   */
  public void collapsing(String executor, boolean on) {
    if (on) {
      executorsOff.remove(executor);
    } else {
      executorsOff.add(executor);
    }
  }

  /** Returns whether the methods that use the named executor {@code executor} collapse. */
  public boolean isCollapsing(String executor) {
    return executorsOff.isEmpty() || !executorsOff.contains(executor);
  }

  /**
   * Returns whether {@code method} collapses: neither its named executor nor its own executor
   * name is switched off.
   */
  public boolean isCollapsing(CollapsedMethod method) {
    return isCollapsing(method.executor()) && isCollapsing(method.executorName());
  }

  /** Returns whether an annotated method's own executor is named {@code name}. */
  public boolean hasMethodNamed(String name) {
    return collapsers().anyMatch(collapser -> collapser.description().executorName().equals(name));
  }

  /** Returns every annotated method found so far, sorted. */
  public List<CollapsedMethod> list() {
    return collapsers()
        .map(MethodCollapser::description)
        .distinct()
        .sorted(Comparator.comparing(CollapsedMethod::method))
        .toList();
  }

  private Stream<MethodCollapser> collapsers() {
    return byContext.values().stream()
        .flatMap(found -> found.values().stream())
        .filter(MethodCollapser.class::isInstance)
        .map(MethodCollapser.class::cast);
  }

  /**
   * One annotated method, as the {@code collapse} endpoint shows it.
   *
   * <p>Made by the library for each annotated method ({@link CollapseMethods#list()}); equal when
   * everything it shows is.
   */
  public static final class CollapsedMethod {

    private final String method;
    private final String annotation;
    private final String executor;
    private final @Nullable String batchMethod;

    CollapsedMethod(
        String method, String annotation, String executor, @Nullable String batchMethod) {
      this.method = method;
      this.annotation = annotation;
      this.executor = executor;
      this.batchMethod = batchMethod;
    }

    /** Returns the method, as {@code UserService.user(Long)}. */
    public String method() {
      return method;
    }

    /** Returns {@code Collapsible} or {@code CollapseBatch}. */
    public String annotation() {
      return annotation;
    }

    /** Returns the name of the executor of {@code collapse.executor.executors} it uses. */
    public String executor() {
      return executor;
    }

    /** Returns the batch method, or {@code null} for {@code Collapsible}. */
    public @Nullable String batchMethod() {
      return batchMethod;
    }

    /**
     * Returns the name the method's own executor carries in meters, observations and events, as
     * {@code UserService.user}: the method without its parameters, so overloads share it.
     */
    public String executorName() {
      int parameters = method.indexOf('(');
      return parameters < 0 ? method : method.substring(0, parameters);
    }

    @Override
    public boolean equals(@Nullable Object other) {
      return other instanceof CollapsedMethod that
          && method.equals(that.method)
          && annotation.equals(that.annotation)
          && executor.equals(that.executor)
          && Objects.equals(batchMethod, that.batchMethod);
    }

    @Override
    public int hashCode() {
      return Objects.hash(method, annotation, executor, batchMethod);
    }

    @Override
    public String toString() {
      return "CollapsedMethod[method="
          + method
          + ", annotation="
          + annotation
          + ", executor="
          + executor
          + ", batchMethod="
          + batchMethod
          + "]";
    }
  }
}
