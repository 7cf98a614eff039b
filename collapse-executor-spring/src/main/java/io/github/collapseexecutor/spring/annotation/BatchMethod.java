package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import org.springframework.core.KotlinDetector;
import org.springframework.core.ResolvableType;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * The batch method a {@code @CollapseBatch} method names, found and checked at startup: one
 * {@code List} or {@code Collection} parameter of the argument's type, returning a {@code List} or
 * a {@code Map}.
 */
final class BatchMethod {

  private final Method method;
  private final boolean returnsMap;
  private final boolean suspending;

  private BatchMethod(Method method, boolean returnsMap, boolean suspending) {
    this.method = method;
    this.returnsMap = returnsMap;
    this.suspending = suspending;
  }

  /**
   * Returns the batch method of {@code single} in {@code beanClass}.
   *
   * @throws MisconfiguredMethodException naming {@code single} and the reason, if there is no such
   *     method or its signature does not fit
   */
  @SuppressWarnings("ReferenceEquality") // identity: another candidate than m itself
  static BatchMethod find(Class<?> beanClass, Method single, String name) {
    List<Method> candidates = new ArrayList<>();
    ReflectionUtils.doWithMethods(
        beanClass,
        candidates::add,
        m ->
            m.getName().equals(name)
                && !m.isBridge()
                && !m.isSynthetic()
                && m.getDeclaringClass() != Object.class);
    candidates.removeIf(
        m ->
            candidates.stream()
                .anyMatch(
                    other ->
                        other != m
                            && m.getDeclaringClass().isAssignableFrom(other.getDeclaringClass())
                            && other.getName().equals(m.getName())
                            && Arrays.equals(other.getParameterTypes(), m.getParameterTypes())));
    if (candidates.isEmpty()) {
      throw problem(
          single,
          "no method '" + name + "' in " + beanClass.getSimpleName(),
          "Set batchMethod to the name of a method of "
              + beanClass.getSimpleName()
              + " that takes a List or Collection of the arguments, or add that method.");
    }
    if (candidates.size() > 1) {
      throw problem(
          single,
          "batch method '"
              + name
              + "' is overloaded in "
              + beanClass.getSimpleName()
              + "; give it a name of its own",
          "Rename the batch method so that no other method of the bean has its name, and name"
              + " it in batchMethod.");
    }
    Method batch = candidates.get(0);
    String shown = MethodNames.of(batch);
    // a suspend fun's last parameter is its continuation, and it returns what Spring resolves
    boolean suspending = KotlinDetector.isSuspendingFunction(single);
    if (suspending != KotlinDetector.isSuspendingFunction(batch)) {
      throw problem(
          single,
          "batch method "
              + shown
              + (suspending ? " is not a suspend fun, as " : " is a suspend fun, and ")
              + MethodNames.of(single)
              + (suspending ? " is" : " is not"),
          "Make both methods suspend funs, or neither.");
    }
    int parameters = batch.getParameterCount() - (suspending ? 1 : 0);
    if (Modifier.isPrivate(batch.getModifiers()) || Modifier.isStatic(batch.getModifiers())) {
      throw problem(
          single,
          "batch method " + shown + " must be an instance method that is not " + "private",
          "Make " + shown + " an instance method that is not private.");
    }
    Class<?> argument = ClassUtils.resolvePrimitiveIfNecessary(single.getParameterTypes()[0]);
    if (parameters != 1 || !batch.getParameterTypes()[0].isAssignableFrom(List.class)) {
      throw problem(
          single,
          "batch method "
              + shown
              + " must take one List or Collection of "
              + argument.getSimpleName(),
          "Declare the one parameter of "
              + shown
              + " as List<"
              + argument.getSimpleName()
              + "> or Collection<"
              + argument.getSimpleName()
              + ">.");
    }
    Class<?> element = ResolvableType.forMethodParameter(batch, 0).asCollection().resolveGeneric(0);
    if (element != null && !element.isAssignableFrom(argument)) {
      throw problem(
          single,
          "batch method "
              + shown
              + " takes a collection of "
              + element.getSimpleName()
              + ", not of "
              + argument.getSimpleName(),
          "Make the argument of "
              + MethodNames.of(single)
              + " and the elements "
              + shown
              + " takes the same type.");
    }
    ResolvableType returnType = ResolvableType.forMethodReturnType(batch);
    Class<?> returned = returnType.resolve(Object.class);
    boolean map = Map.class.isAssignableFrom(returned);
    if (!map && !List.class.isAssignableFrom(returned)) {
      throw problem(
          single,
          "batch method "
              + shown
              + " returns "
              + returned.getSimpleName()
              + "; it must return a List in the order of its arguments or a Map keyed by argument",
          "Return a List with one result per argument, in their order, or a Map from argument"
              + " to result.");
    }
    Class<?> result =
        ClassUtils.resolvePrimitiveIfNecessary(
            ResolvableType.forMethodReturnType(single).resolve(Object.class));
    Class<?> resultElement =
        map ? returnType.asMap().resolveGeneric(1) : returnType.asCollection().resolveGeneric(0);
    if (resultElement != null && !result.isAssignableFrom(resultElement)) {
      throw problem(
          single,
          "batch method "
              + shown
              + " returns "
              + resultElement.getSimpleName()
              + " results, which "
              + MethodNames.of(single)
              + " cannot return as "
              + result.getSimpleName(),
          "Make the results of "
              + shown
              + " the return type of "
              + MethodNames.of(single)
              + ", or a subtype of it.");
    }
    ReflectionUtils.makeAccessible(batch);
    return new BatchMethod(batch, map, suspending);
  }

  private static MisconfiguredMethodException problem(Method single, String reason, String action) {
    return Unsupported.method("CollapseBatch", single, reason, action);
  }

  /** Calls the batch method on {@code bean} with {@code arguments}. */
  @Nullable Object invoke(Object bean, List<Object> arguments) throws Exception {
    try {
      return method.invoke(bean, arguments);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Exception exception) {
        throw exception;
      }
      throw (Error) cause;
    }
  }

  /**
   * Starts the batch method, a {@code suspend fun}, on {@code bean} with {@code arguments}, in a
   * coroutine of {@code context}, and returns the future of what it returns.
   */
  CompletableFuture<@Nullable Object> start(Object bean, List<Object> arguments, Object context) {
    return Coroutines.start(method, bean, arguments, context);
  }

  /** Returns whether the batch method is a {@code suspend fun}. */
  boolean isSuspending() {
    return suspending;
  }

  /** Returns whether {@code bean} can be called directly, being of the declaring class. */
  boolean isCallableOn(Object bean) {
    return method.getDeclaringClass().isInstance(bean);
  }

  boolean returnsMap() {
    return returnsMap;
  }

  @Override
  public String toString() {
    return MethodNames.of(method);
  }
}
