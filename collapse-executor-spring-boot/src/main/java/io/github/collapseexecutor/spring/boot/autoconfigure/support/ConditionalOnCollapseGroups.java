package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Conditional;

/**
 * Matches on whether a server integration's section has collapse groups: collapsing inbound
 * requests is opt-in, so a server filter is registered only when its groups are set.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@Documented
@Conditional(OnCollapseGroupsCondition.class)
public @interface ConditionalOnCollapseGroups {

  /**
   * The property of the section's groups, such as
   * {@code collapse.executor.servlet.collapse-groups}.
   */
  String value();

  /** Whether to match when there are groups ({@code true}) or when there are none. */
  boolean present() default true;
}
