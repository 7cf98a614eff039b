package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.aop.support.AopUtils;
import org.springframework.core.BridgeMethodResolver;
import org.springframework.core.ResolvableType;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.util.ReflectionUtils;

/**
 * The annotated methods of the application's beans, each with its collapser. A bean class is
 * checked whole when its first bean is created, so a method that cannot be collapsed stops the
 * application at startup with the method and the reason.
 */
public final class CollapseMethods {

  private static final List<Class<? extends Annotation>> ANNOTATIONS =
      List.of(Collapsible.class, CollapseBatch.class);

  /** Spring Security's {@code @PostFilter}, by name, so that the check needs no Spring Security. */
  private static final String POST_FILTER =
      "org.springframework.security.access.prepost.PostFilter";

  private final Supplier<NamedExecutors> executors;
  private final Set<Class<?>> checked = ConcurrentHashMap.newKeySet();
  private final Map<Method, MethodCollapser> collapsers = new ConcurrentHashMap<>();
  private final Set<String> executorsOff = ConcurrentHashMap.newKeySet();
  private final Supplier<MethodObserver> observers;
  private final Supplier<CallerIdentities> identitySource;
  private final ResultCopiers copiers;
  private final Supplier<MethodFleet> fleet;
  /** The singleton beans with annotated methods, by name: the fleet tier knows a bean by it. */
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
   * @param fleet the fleet tier, asked for when the first method that uses it is found
   */
  CollapseMethods(Supplier<NamedExecutors> executors, Supplier<MethodObserver> observer,
      Supplier<CallerIdentities> identities, ResultCopiers copiers, Supplier<MethodFleet> fleet) {
    this.executors = executors;
    this.observers = observer;
    this.identitySource = identities;
    this.copiers = copiers;
    this.fleet = fleet;
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
   * Finds and checks the annotated methods of {@code beanClass}, once per class.
   *
   * @throws io.github.collapseexecutor.spring.annotation.MisconfiguredMethodException naming the
   *     method and the reason, if one cannot be collapsed
   */
  void prepare(Class<?> beanClass) {
    if (!isAnnotated(beanClass)) {
      return;
    }
    if (checked.add(beanClass)) {
      Map<Method, MethodCollapser> found = new LinkedHashMap<>();
      for (Method method : ReflectionUtils.getUniqueDeclaredMethods(beanClass,
          ReflectionUtils.USER_DECLARED_METHODS)) {
        MethodCollapser collapser = collapser(beanClass, method);
        if (collapser != null) {
          found.put(method, collapser);
        }
      }
      collapsers.putAll(found);
    }
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
    ReflectionUtils.doWithMethods(beanClass, method -> found[0] = true,
        method -> !found[0] && ANNOTATIONS.stream()
            .anyMatch(annotation -> AnnotatedElementUtils.hasAnnotation(method, annotation)));
    return found[0];
  }

  /** Returns the collapser of {@code method} called on a {@code targetClass}, or {@code null}. */
  @Nullable MethodCollapser find(Method method, @Nullable Class<?> targetClass) {
    MethodCollapser collapser = collapsers.get(method);
    if (collapser != null || targetClass == null) {
      return collapser;
    }
    Method specific = BridgeMethodResolver.findBridgedMethod(
        AopUtils.getMostSpecificMethod(method, targetClass));
    return collapsers.get(specific);
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
    return collapsers.values().stream()
        .anyMatch(collapser -> collapser.description().executorName().equals(name));
  }

  /** Returns every annotated method found so far, sorted. */
  public List<CollapsedMethod> list() {
    List<CollapsedMethod> methods = new ArrayList<>();
    collapsers.values().forEach(collapser -> methods.add(collapser.description()));
    methods.sort(Comparator.comparing(CollapsedMethod::method));
    return methods;
  }

  private @Nullable MethodCollapser collapser(Class<?> beanClass, Method method) {
    CollapseBatch batch = AnnotatedElementUtils.findMergedAnnotation(method, CollapseBatch.class);
    Collapsible onMethod = AnnotatedElementUtils.findMergedAnnotation(method, Collapsible.class);
    if (batch != null && onMethod != null) {
      throw Unsupported.method("CollapseBatch", method, "it is also @Collapsible; choose one",
          "Keep @CollapseBatch to gather calls into batches, or @Collapsible to share one call"
              + " among equal arguments; remove the other.");
    }
    if (batch != null) {
      checkInterceptable("CollapseBatch", method);
      ReturnKind kind = ReturnKind.of(method, "CollapseBatch");
      if (kind != ReturnKind.VALUE) {
        throw Unsupported.method("CollapseBatch", method, "it returns a "
            + method.getReturnType().getSimpleName() + "; batches serve methods returning a value",
            "Return the value itself, or use @Collapsible, which collapses futures and Monos.");
      }
      if (method.getParameterCount() != 1) {
        throw Unsupported.method("CollapseBatch", method, "it takes "
            + method.getParameterCount() + " arguments; a batched method takes exactly one",
            "Take one argument (a record can hold several values), or use @Collapsible.");
      }
      checkNoFilterOfResults("CollapseBatch", method);
      NamedExecutor executor = executor("CollapseBatch", method, batch.executor());
      ResultCopies copies = copies("CollapseBatch", method, batch.resultCopier(), executor,
          ResolvableType.forMethodReturnType(method, beanClass));
      return new BatchCollapser(method,
          BatchMethod.find(beanClass, method, batch.batchMethod()), executor, observer(),
          identities(batch.sharedAcrossCallers() || executor.sharedAcrossCallers()), copies);
    }
    Collapsible collapsible = onMethod != null ? onMethod : onClass(beanClass, method);
    if (collapsible == null) {
      return null;
    }
    checkInterceptable("Collapsible", method);
    checkNoFilterOfResults("Collapsible", method);
    ReturnKind kind = ReturnKind.of(method, "Collapsible");
    NamedExecutor executor = executor("Collapsible", method, collapsible.executor());
    ResolvableType returned = ResolvableType.forMethodReturnType(method, beanClass);
    ResultCopies copies = copies("Collapsible", method, collapsible.resultCopier(), executor,
        kind == ReturnKind.VALUE ? returned : returned.getGeneric(0));
    return new SameKeyCollapser(method, kind, KeyExpression.parse(method, collapsible.key()),
        executor, observer(),
        identities(collapsible.sharedAcrossCallers() || executor.sharedAcrossCallers()), copies,
        fleetRoute(method, kind, collapsible, executor, returned));
  }

  /**
   * Returns the route through the fleet tier of a method that asks for it, or {@code null}. On a
   * named executor it applies to the methods that return a value; the others stay local.
   */
  private MethodFleet.@Nullable Route fleetRoute(Method method, ReturnKind kind,
      Collapsible collapsible, NamedExecutor executor, ResolvableType returned) {
    if (!collapsible.fleet() && !executor.fleet()) {
      return null;
    }
    if (kind != ReturnKind.VALUE) {
      if (!collapsible.fleet()) {
        return null;
      }
      throw Unsupported.method("Collapsible", method, "it asks for the fleet tier and returns a "
          + method.getReturnType().getSimpleName() + "; the fleet tier serves methods returning"
          + " a value", "Return the value itself, or leave fleet off for this method.");
    }
    return fleet.get().route("Collapsible", method, returned, this::beanName);
  }

  /** Returns the copies the annotation asks for, or else its named executor. */
  private ResultCopies copies(String annotation, Method method, String onAnnotation,
      NamedExecutor executor, ResolvableType resultType) {
    String name = onAnnotation.isEmpty() ? executor.resultCopier() : onAnnotation;
    return copiers.find(annotation, method, name, resultType);
  }

  /**
   * Refuses Spring Security's {@code @PostFilter}, which removes elements from the returned
   * collection in place: every caller that shares the result would filter the one collection, at
   * the same time.
   */
  private static void checkNoFilterOfResults(String annotation, Method method) {
    if (AnnotatedElementUtils.isAnnotated(method, POST_FILTER)
        || AnnotatedElementUtils.isAnnotated(method.getDeclaringClass(), POST_FILTER)) {
      throw Unsupported.method(annotation, method, "@PostFilter filters the returned collection"
          + " in place, and every caller that shares the result holds that one collection;"
          + " filter inside the method, or return a new collection from a method without"
          + " @PostFilter",
          "Remove @PostFilter from the method, or remove @" + annotation + " and collapse a"
              + " method it calls instead.");
    }
  }

  /** Returns the class-level annotation if it applies to {@code method}: public, with a result. */
  private static @Nullable Collapsible onClass(Class<?> beanClass, Method method) {
    int modifiers = method.getModifiers();
    if (!Modifier.isPublic(modifiers) || Modifier.isStatic(modifiers)
        || method.getReturnType() == void.class || ReflectionUtils.isObjectMethod(method)
        || ReflectionUtils.isEqualsMethod(method) || ReflectionUtils.isHashCodeMethod(method)
        || ReflectionUtils.isToStringMethod(method)) {
      return null;
    }
    return AnnotatedElementUtils.findMergedAnnotation(beanClass, Collapsible.class);
  }

  private static void checkInterceptable(String annotation, Method method) {
    int modifiers = method.getModifiers();
    if (Modifier.isPrivate(modifiers) || Modifier.isFinal(modifiers)
        || Modifier.isStatic(modifiers)) {
      throw Unsupported.method(annotation, method, "it is "
          + Modifier.toString(modifiers & (Modifier.PRIVATE | Modifier.FINAL | Modifier.STATIC))
          + ", so no proxy can intercept its calls",
          "Make the method public or protected, not final and not static.");
    }
  }

  private NamedExecutor executor(String annotation, Method method, String name) {
    String chosen = name.isEmpty() ? NamedExecutors.DEFAULT : name;
    NamedExecutors named = executors.get();
    if (!named.contains(chosen)) {
      throw Unsupported.method(annotation, method, "executor '" + chosen
          + "' is not configured in collapse.executor.executors; configured: " + named.names(),
          "Name one of " + named.names() + " in executor, or configure collapse.executor.executors."
              + chosen + ".");
    }
    return named.get(chosen);
  }
}
