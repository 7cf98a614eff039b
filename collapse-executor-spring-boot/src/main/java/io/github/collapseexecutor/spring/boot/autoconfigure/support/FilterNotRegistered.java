package io.github.collapseexecutor.spring.boot.autoconfigure.support;

/**
 * The bean that stands for a server filter not registered for want of collapse groups: it says
 * why, once, as it is made, at INFO, under the name of the auto-configuration that would have
 * registered it.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 */
public final class FilterNotRegistered {

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
