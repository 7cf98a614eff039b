package io.github.collapseexecutor.spring.annotation;

import org.jspecify.annotations.Nullable;

/**
 * A {@link Collapsible} or {@link CollapseBatch} method that cannot be collapsed as annotated,
 * found when the first bean of its class is created, so that the application stops at startup
 * instead of at the first call. Spring Boot prints it as a failure analysis that names the bean,
 * the method, the reason and what to change:
 *
 * <pre>
 * Description:
 *
 * A collapse annotation cannot be applied as written:
 *
 *     Bean: userService (com.example.UserService)
 *     Method: UserService.user(Long)
 *     Annotation: @CollapseBatch
 *     Reason: no method 'usersById' in UserService
 *
 * Action:
 *
 * Name a method of the bean in batchMethod, one that takes a List or Collection of the arguments.
 * </pre>
 */
public final class MisconfiguredMethodException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  private final String annotation;
  private final String methodName;
  private final String reason;
  private final String action;
  private final @Nullable String bean;

  /**
   * Creates the exception.
   *
   * @param annotation the annotation's simple name, {@code Collapsible} or {@code CollapseBatch}
   * @param method the annotated method as a reader finds it: {@code UserService.user(Long)}
   * @param reason why it cannot be collapsed
   * @param action what to change so that it can
   * @param cause what the check ran into, or {@code null}
   */
  public MisconfiguredMethodException(
      String annotation, String method, String reason, String action, @Nullable Throwable cause) {
    this(annotation, method, reason, action, null, cause);
  }

  private MisconfiguredMethodException(
      String annotation,
      String methodName,
      String reason,
      String action,
      @Nullable String bean,
      @Nullable Throwable cause) {
    super("@" + annotation + " on " + methodName + " cannot be collapsed: " + reason, cause);
    this.annotation = annotation;
    this.methodName = methodName;
    this.reason = reason;
    this.action = action;
    this.bean = bean;
  }

  /**
   * Returns this exception with the bean whose creation found it, such as
   * {@code userService (com.example.UserService)}; the stack trace and cause are kept.
   */
  public MisconfiguredMethodException forBean(String bean) {
    MisconfiguredMethodException named =
        new MisconfiguredMethodException(annotation, methodName, reason, action, bean, getCause());
    named.setStackTrace(getStackTrace());
    return named;
  }

  /** Returns the annotation's simple name, without the {@code @}. */
  public String annotation() {
    return annotation;
  }

  /** Returns the method as a reader finds it: {@code UserService.user(Long)}. */
  public String methodName() {
    return methodName;
  }

  /** Returns why the method cannot be collapsed. */
  public String reason() {
    return reason;
  }

  /** Returns what to change so that the method can be collapsed. */
  public String action() {
    return action;
  }

  /**
   * Returns the bean whose creation found the problem, with its class, or {@code null} when the
   * method was checked outside a bean's creation.
   */
  public @Nullable String bean() {
    return bean;
  }
}
