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

  /**
   * The bean that stands for a server filter not registered for want of collapse groups: it says
   * why, once, as it is made, at INFO, under the name of the auto-configuration that would have
   * registered it.
   *
   * <p>Public for the auto-configurations in this module's other packages; not for applications.
   */
  final class FilterNotRegistered {

    /**
     * @param configuration the auto-configuration whose logger says it
     * @param filter what is not registered, such as {@code servlet filter}
     * @param groups the property whose groups would register it
     */
    public FilterNotRegistered(Class<?> configuration, String filter, String groups) {
      System.getLogger(configuration.getName())
          .log(
              System.Logger.Level.INFO,
              "The collapse "
                  + filter
                  + " is not registered: "
                  + groups
                  + " is empty, so no inbound request is"
                  + " collapsed. Set "
                  + groups
                  + " (for example "
                  + groups
                  + "[0].uris=/api/**) to"
                  + " collapse the GET and HEAD requests of those paths.");
    }
  }
}
