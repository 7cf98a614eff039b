package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;
import org.jspecify.annotations.Nullable;
import org.springframework.context.expression.MethodBasedEvaluationContext;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.expression.Expression;
import org.springframework.expression.ParseException;
import org.springframework.expression.spel.standard.SpelExpressionParser;

/** The {@code key} of one {@code @Collapsible} method, parsed once at startup. */
final class KeyExpression {

  private static final SpelExpressionParser PARSER = new SpelExpressionParser();
  private static final ParameterNameDiscoverer NAMES = new DefaultParameterNameDiscoverer();

  private final Method method;
  private final Expression expression;

  private KeyExpression(Method method, Expression expression) {
    this.method = method;
    this.expression = expression;
  }

  /**
   * Returns the key of {@code method}, or {@code null} when {@code key} is empty.
   *
   * @throws MisconfiguredMethodException if {@code key} does not parse
   */
  static @Nullable KeyExpression parse(Method method, String key) {
    if (key.isEmpty()) {
      return null;
    }
    try {
      return new KeyExpression(method, PARSER.parseExpression(key));
    } catch (ParseException e) {
      throw new MisconfiguredMethodException(
          "Collapsible",
          MethodNames.of(method),
          "key '" + key + "' is not a valid expression: " + e.getMessage(),
          "Write key as a SpEL expression over the arguments, such as '#id' or '#p0.id'.",
          e);
    }
  }

  /** Returns the key of one call; may be {@code null}, which is a key like any other. */
  @Nullable Object evaluate(Object target, @Nullable Object[] args) {
    KeyRoot root = new KeyRoot(method, args, target);
    return expression.getValue(new MethodBasedEvaluationContext(root, method, args, NAMES));
  }
}
