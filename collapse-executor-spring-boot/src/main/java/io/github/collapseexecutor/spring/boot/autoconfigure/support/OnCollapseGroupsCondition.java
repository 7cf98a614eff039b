package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseGroupProperties;
import java.util.Map;
import java.util.Objects;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** The condition of {@link ConditionalOnCollapseGroups}. */
final class OnCollapseGroupsCondition extends SpringBootCondition {

  @Override
  public ConditionOutcome getMatchOutcome(
      ConditionContext context, AnnotatedTypeMetadata metadata) {
    Map<String, Object> attributes =
        Objects.requireNonNull(
            metadata.getAnnotationAttributes(ConditionalOnCollapseGroups.class.getName()));
    // both attributes are required ones of the annotation
    String groups = (String) Objects.requireNonNull(attributes.get("value"));
    boolean set = hasGroups(context.getEnvironment(), groups);
    String message = groups + (set ? " is set" : " is empty");
    return set == (Boolean) Objects.requireNonNull(attributes.get("present"))
        ? ConditionOutcome.match(message)
        : ConditionOutcome.noMatch(message);
  }

  /** Whether the property {@code groups} holds at least one collapse group. */
  private static boolean hasGroups(Environment environment, String groups) {
    try {
      return Binder.get(environment)
          .bind(groups, Bindable.listOf(CollapseGroupProperties.class))
          .map(bound -> !bound.isEmpty())
          .orElse(false);
    } catch (BindException invalid) {
      // there are groups; binding the properties reports what is wrong with them
      return true;
    }
  }
}
