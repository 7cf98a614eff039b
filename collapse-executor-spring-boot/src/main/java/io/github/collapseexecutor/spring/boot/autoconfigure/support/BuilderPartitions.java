package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import io.github.collapseexecutor.spring.boot.autoconfigure.ClientSection;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The unnamed partitions the client sections' adapters gave Spring Boot's builders
 * ({@code customize-rest-client-builder}, {@code customize-rest-template-builder},
 * {@code customize-web-client-builder}), so that {@code apply-to-beans} can tell a client that
 * holds one.
 *
 * <p>A bean of {@code apply-to-beans} built from such a builder already holds the builder's
 * partition, and is left with it: a client holds the adapter once. That partition has no name, so
 * with the section's {@code fleet} the bean would collapse on its own instance only, although
 * {@code apply-to-beans} with {@code fleet} asks for it to collapse across the instances under
 * its bean's name. Startup stops there ({@link FleetWiringException}), naming both keys, rather
 * than warn: the configuration asks, for that one bean, for something the wiring certainly does
 * not do, and a warning lost in a startup log would leave that client off the fleet unseen. Where
 * the builders' clients are not named in {@code apply-to-beans}, staying on their instance is what
 * the configuration says, and startup goes on ({@link ClientWiring} says so).
 *
 * <p>Partitions are held weakly: a builder made and dropped at run time leaves nothing here.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 */
public final class BuilderPartitions {

  // by identity, as the adapters do not override equals; weakly, as builders come and go
  private final Map<Object, String> made = Collections.synchronizedMap(new WeakHashMap<>());

  /**
   * Returns {@code partition}, remembered as one a builder got from {@code property} of its
   * section, such as {@code customize-rest-client-builder}.
   */
  public <P> P remember(P partition, String property) {
    made.put(partition, property);
    return partition;
  }

  /**
   * Checks what the bean {@code beanName} of the {@code apply-to-beans} of {@code section}
   * holds of the section's adapter already.
   *
   * @param held the adapter or partition the client holds
   * @param builder Spring Boot's builder of such a client, such as {@code RestClient.Builder}
   * @throws FleetWiringException if the section's {@code fleet} is true and {@code held} is a
   *     builder's unnamed partition, with which the bean would never collapse across instances
   */
  public void checkHeld(ClientSection section, String beanName, Object held, String builder) {
    String property = made.get(held);
    if (!section.isFleet() || property == null) {
      return;
    }
    String prefix = "collapse.executor." + section.key() + ".";
    throw new FleetWiringException(prefix + "apply-to-beans",
        "it names bean '" + beanName + "' and " + prefix + "fleet is true, which asks for its"
            + " calls to collapse across the instances under the name '" + beanName + "'; but"
            + " the bean was built from Spring Boot's " + builder + ", to which " + prefix
            + property + "=true gave an unnamed partition first, so its calls would collapse on"
            + " this instance only",
        "Set " + prefix + property + "=false, so that apply-to-beans gives '" + beanName + "' a"
            + " partition named after it; or build '" + beanName + "' from a builder of its own"
            + " rather than Spring Boot's; or take '" + beanName + "' out of " + prefix
            + "apply-to-beans to keep its calls on this instance.");
  }
}
