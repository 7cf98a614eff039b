package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.core.KotlinDetector;
import org.springframework.core.ResolvableType;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ReflectionUtils;

/**
 * Makes the advice of one annotated method where a bean has it, checked at startup: its
 * collapser, or the barrier of a {@link CollapseBarrier} method.
 */
final class MethodAdvices {

  /** Spring Security's {@code @PostFilter}, by name, so that the check needs no Spring Security. */
  private static final String POST_FILTER =
      "org.springframework.security.access.prepost.PostFilter";

  private final Supplier<NamedExecutors> executors;
  private final Supplier<MethodObserver> observer;
  private final Identities identities;
  private final ResultCopiers copiers;
  private final Supplier<LeaderRoutes> leaderRoutes;
  private final Function<Object, @Nullable String> beanNames;
  private final CompletedWrites writes;

  /** What tells callers apart, for a method that shares across callers or one that does not. */
  @FunctionalInterface
  interface Identities {
    CallerIdentities get(boolean sharedAcrossCallers);
  }

  MethodAdvices(
      Supplier<NamedExecutors> executors,
      Supplier<MethodObserver> observer,
      Identities identities,
      ResultCopiers copiers,
      Supplier<LeaderRoutes> leaderRoutes,
      Function<Object, @Nullable String> beanNames,
      CompletedWrites writes) {
    this.executors = executors;
    this.observer = observer;
    this.identities = identities;
    this.copiers = copiers;
    this.leaderRoutes = leaderRoutes;
    this.beanNames = beanNames;
    this.writes = writes;
  }

  /**
   * Returns the advice of the method of {@code site}, or {@code null} if it has no annotation.
   *
   * @throws MisconfiguredMethodException naming the method and the reason, if it cannot be
   *     collapsed as annotated
   */
  @Nullable MethodAdvice of(MethodSite site) {
    Method method = site.method();
    CollapseBatch batch = AnnotatedElementUtils.findMergedAnnotation(method, CollapseBatch.class);
    Collapsible onMethod = AnnotatedElementUtils.findMergedAnnotation(method, Collapsible.class);
    if (AnnotatedElementUtils.hasAnnotation(method, CollapseBarrier.class)) {
      return barrier(
          method, batch != null ? "CollapseBatch" : onMethod != null ? "Collapsible" : null);
    }
    if (batch != null && onMethod != null) {
      throw Unsupported.method(
          "CollapseBatch",
          method,
          "it is also @Collapsible; choose one",
          "Keep @CollapseBatch to gather calls into batches, or @Collapsible to share one call"
              + " among equal arguments; remove the other.");
    }
    if (batch != null) {
      return batch(site, batch);
    }
    Collapsible collapsible = onMethod != null ? onMethod : onClass(site.context(), method);
    return collapsible == null ? null : collapsible(site, collapsible);
  }

  private MethodAdvice barrier(Method method, @Nullable String collapsed) {
    if (collapsed != null) {
      throw Unsupported.method(
          collapsed,
          method,
          "it is also a @CollapseBarrier, a write; two"
              + " calls of a write must not share one run",
          "Remove @"
              + collapsed
              + " from the write, or @CollapseBarrier from a method that only"
              + " reads.");
    }
    checkInterceptable("CollapseBarrier", method);
    return new BarrierAdvice(method, writes);
  }

  private MethodCollapser batch(MethodSite site, CollapseBatch batch) {
    Method method = site.method();
    checkInterceptable("CollapseBatch", method);
    ReturnKind kind = ReturnKind.of(method, "CollapseBatch");
    if (kind != ReturnKind.VALUE && kind != ReturnKind.SUSPEND) {
      throw Unsupported.method(
          "CollapseBatch",
          method,
          "it returns a "
              + method.getReturnType().getSimpleName()
              + "; batches serve methods returning a value",
          "Return the value itself, or use @Collapsible, which collapses futures and Monos.");
    }
    // a suspend fun's continuation is no argument
    int arguments = method.getParameterCount() - (kind == ReturnKind.SUSPEND ? 1 : 0);
    if (arguments != 1) {
      throw Unsupported.method(
          "CollapseBatch",
          method,
          "it takes " + arguments + " arguments; a batched method takes exactly one",
          "Take one argument (a record can hold several values), or use @Collapsible.");
    }
    checkNoFilterOfResults("CollapseBatch", method);
    NamedExecutor executor = executor("CollapseBatch", method, batch.executor());
    MethodReports reports = reports(site, executor);
    JoinerResults results =
        results("CollapseBatch", site, batch.resultCopier(), executor, site.returnType(), reports);
    return new BatchCollapser(
        site,
        BatchMethod.find(site.context(), method, batch.batchMethod()),
        executor,
        observer.get(),
        identities.get(batch.sharedAcrossCallers() || executor.sharedAcrossCallers()),
        results,
        reports);
  }

  private MethodCollapser collapsible(MethodSite site, Collapsible collapsible) {
    Method method = site.method();
    checkInterceptable("Collapsible", method);
    checkNoFilterOfResults("Collapsible", method);
    ReturnKind kind = ReturnKind.of(method, "Collapsible");
    NamedExecutor executor = executor("Collapsible", method, collapsible.executor());
    ResolvableType returned = site.returnType();
    // what callers share: the value itself (which Spring resolves for a suspend fun too), or the
    // value of the future or Mono
    ResolvableType shared =
        kind == ReturnKind.VALUE || kind == ReturnKind.SUSPEND ? returned : returned.getGeneric(0);
    MethodReports reports = reports(site, executor);
    JoinerResults results =
        results("Collapsible", site, collapsible.resultCopier(), executor, shared, reports);
    LeaderRun leaderRun =
        RoutedLeaderRun.of(
            leaderRoutes.get(), site, collapsible, executor, shared, beanNames, writes);
    return new SameKeyCollapser(
        site,
        kind,
        KeyExpression.parse(method, collapsible.key()),
        executor,
        observer.get(),
        identities.get(collapsible.sharedAcrossCallers() || executor.sharedAcrossCallers()),
        results,
        reports,
        leaderRun,
        writes);
  }

  private MethodReports reports(MethodSite site, NamedExecutor executor) {
    return new MethodReports(site.executorName(), observer.get(), executor.options().listener());
  }

  /**
   * Returns what the callers that did not run the method get of its results: copies of the
   * copier the annotation or else its named executor names, or what {@link SharedResults}
   * decides.
   */
  private JoinerResults results(
      String annotation,
      MethodSite site,
      String onAnnotation,
      NamedExecutor executor,
      ResolvableType resultType,
      MethodReports reports) {
    String name = onAnnotation.isEmpty() ? executor.resultCopier() : onAnnotation;
    return new JoinerResults(
        site.shown(),
        copiers.find(annotation, site.method(), name, resultType),
        copiers::shared,
        reports);
  }

  /**
   * Refuses Spring Security's {@code @PostFilter}, which removes elements from the returned
   * collection in place: every caller that shares the result would filter the one collection, at
   * the same time.
   */
  private static void checkNoFilterOfResults(String annotation, Method method) {
    if (AnnotatedElementUtils.isAnnotated(method, POST_FILTER)
        || AnnotatedElementUtils.isAnnotated(method.getDeclaringClass(), POST_FILTER)) {
      throw Unsupported.method(
          annotation,
          method,
          "@PostFilter filters the returned collection"
              + " in place, and every caller that shares the result holds that one collection;"
              + " filter inside the method, or return a new collection from a method without"
              + " @PostFilter",
          "Remove @PostFilter from the method, or remove @"
              + annotation
              + " and collapse a"
              + " method it calls instead.");
    }
  }

  /** Returns the class-level annotation if it applies to {@code method}: public, with a result. */
  private static @Nullable Collapsible onClass(Class<?> context, Method method) {
    int modifiers = method.getModifiers();
    if (!Modifier.isPublic(modifiers)
        || Modifier.isStatic(modifiers)
        || method.getReturnType() == void.class
        || (KotlinDetector.isSuspendingFunction(method) && Suspending.returnsUnit(method))
        || ReflectionUtils.isObjectMethod(method)
        || ReflectionUtils.isEqualsMethod(method)
        || ReflectionUtils.isHashCodeMethod(method)
        || ReflectionUtils.isToStringMethod(method)) {
      return null;
    }
    return AnnotatedElementUtils.findMergedAnnotation(context, Collapsible.class);
  }

  private static void checkInterceptable(String annotation, Method method) {
    int modifiers = method.getModifiers();
    if (Modifier.isPrivate(modifiers)
        || Modifier.isFinal(modifiers)
        || Modifier.isStatic(modifiers)) {
      throw Unsupported.method(
          annotation,
          method,
          "it is "
              + Modifier.toString(modifiers & (Modifier.PRIVATE | Modifier.FINAL | Modifier.STATIC))
              + ", so no proxy can intercept its calls",
          "Make the method public or protected, not final and not static.");
    }
  }

  private NamedExecutor executor(String annotation, Method method, String name) {
    String chosen = name.isEmpty() ? NamedExecutors.DEFAULT : name;
    NamedExecutors named = executors.get();
    if (!named.contains(chosen)) {
      throw Unsupported.method(
          annotation,
          method,
          "executor '"
              + chosen
              + "' is not configured in collapse.executor.executors; configured: "
              + named.names(),
          "Name one of "
              + named.names()
              + " in executor, or configure collapse.executor.executors."
              + chosen
              + ".");
    }
    return named.get(chosen);
  }
}
