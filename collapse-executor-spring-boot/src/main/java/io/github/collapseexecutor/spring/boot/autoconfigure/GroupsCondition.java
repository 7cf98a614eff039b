package io.github.collapseexecutor.spring.boot.autoconfigure;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches on whether a server integration's section has collapse groups: collapsing inbound
 * requests is opt-in, so a server filter is registered only when its groups are set.
 */
abstract class GroupsCondition extends SpringBootCondition {

  private final String groups;
  private final boolean matchWithGroups;

  /**
   * @param groups the property of the section's groups, such as
   *     {@code collapse.executor.servlet.collapse-groups}
   * @param matchWithGroups whether to match when there are groups, or when there are none
   */
  GroupsCondition(String groups, boolean matchWithGroups) {
    this.groups = groups;
    this.matchWithGroups = matchWithGroups;
  }

  /** Whether the property {@code groups} holds at least one collapse group. */
  static boolean hasGroups(Environment environment, String groups) {
    try {
      return Binder.get(environment)
          .bind(groups, Bindable.listOf(CollapseGroupProperties.class))
          .map(bound -> !bound.isEmpty()).orElse(false);
    } catch (BindException invalid) {
      // there are groups; binding the properties reports what is wrong with them
      return true;
    }
  }

  @Override
  public ConditionOutcome getMatchOutcome(ConditionContext context,
      AnnotatedTypeMetadata metadata) {
    boolean set = hasGroups(context.getEnvironment(), groups);
    String message = groups + (set ? " is set" : " is empty");
    return set == matchWithGroups
        ? ConditionOutcome.match(message)
        : ConditionOutcome.noMatch(message);
  }

  /**
   * The bean that stands for a server filter not registered for want of groups: it logs why,
   * once, as it is made, at INFO.
   */
  static final class NotRegistered {

    /**
     * @param configuration the auto-configuration whose logger says it
     * @param filter what is not registered, such as {@code servlet filter}
     * @param groups the property whose groups would register it
     */
    NotRegistered(Class<?> configuration, String filter, String groups) {
      System.getLogger(configuration.getName()).log(System.Logger.Level.INFO, "The collapse "
          + filter + " is not registered: " + groups + " is empty, so no inbound request is"
          + " collapsed. Set " + groups + " (for example " + groups + "[0].uris=/api/**) to"
          + " collapse the GET and HEAD requests of those paths.");
    }
  }
}
