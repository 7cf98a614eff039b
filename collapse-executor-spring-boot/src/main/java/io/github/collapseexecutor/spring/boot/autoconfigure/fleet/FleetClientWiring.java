package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.ClientSection;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.ClientWiringCheck;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.ClientWiringCheck.ClientReach;
import java.util.ArrayList;
import java.util.List;

/**
 * What the {@code fleet} of a client section means for the clients it reaches. Only a named
 * client collapses across the instances: each bean of {@code apply-to-beans}, under its bean's
 * name, and the adapter bean itself, under its executor's name. The clients of the builder
 * customizations and of HTTP service groups get an unnamed partition, and stay on their instance.
 *
 * <p>A bean of {@code apply-to-beans} built from a customized builder already holds the builder's
 * unnamed partition, and keeps it, so it would collapse on its own instance only, although
 * {@code apply-to-beans} with {@code fleet} asks for it to collapse across the instances under its
 * bean's name. Startup stops there ({@link FleetWiringException}), naming both keys, rather than
 * warn: the configuration asks, for that one bean, for something the wiring certainly does not
 * do, and a warning lost in a startup log would leave that client off the fleet unseen.
 *
 * <p>A fleet section none of whose clients is named is logged at WARN, naming
 * {@code apply-to-beans}: its {@code fleet} does nothing. One whose named and unnamed clients mix
 * is logged at INFO, saying which stay on their instance, as that may be meant (every builder's
 * client collapses locally, the chosen ones across the fleet). Neither stops the application: a
 * client may still take the adapter after startup, where no check sees it. Both are logged by
 * the section's auto-configuration, where its other startup lines are.
 */
final class FleetClientWiring implements ClientWiringCheck {

  @Override
  public void keepsBuilderPartition(
      ClientSection section, String beanName, String builder, String property) {
    if (!section.isFleet()) {
      return;
    }
    String prefix = "collapse.executor." + section.key() + ".";
    throw new FleetWiringException(
        prefix + "apply-to-beans",
        "it names bean '"
            + beanName
            + "' and "
            + prefix
            + "fleet is true, which asks for its"
            + " calls to collapse across the instances under the name '"
            + beanName
            + "'; but"
            + " the bean was built from Spring Boot's "
            + builder
            + ", to which "
            + prefix
            + property
            + "=true gave an unnamed partition first, so its calls would collapse on"
            + " this instance only",
        "Set "
            + prefix
            + property
            + "=false, so that apply-to-beans gives '"
            + beanName
            + "' a"
            + " partition named after it; or build '"
            + beanName
            + "' from a builder of its own"
            + " rather than Spring Boot's; or take '"
            + beanName
            + "' out of "
            + prefix
            + "apply-to-beans to keep its calls on this instance.");
  }

  @Override
  public void reached(ClientReach reach) {
    ClientSection section = reach.section();
    if (!section.isFleet()) {
      return;
    }
    System.Logger log = System.getLogger(reach.configuration().getName());
    if (section.getApplyToBeans().isEmpty() && reach.takenByHand().isEmpty()) {
      log.log(System.Logger.Level.WARNING, () -> noNamedClientMessage(reach));
    } else if (!reach.unnamed().isEmpty()) {
      log.log(System.Logger.Level.INFO, () -> someUnnamedMessage(reach));
    }
  }

  private static String noNamedClientMessage(ClientReach reach) {
    String prefix = "collapse.executor." + reach.section().key() + ".";
    return prefix
        + "fleet is true, and no client of the section collapses across the"
        + " instances: "
        + String.join(" and ", reach.unnamed())
        + " get an unnamed partition of"
        + " the "
        + reach.adapterType().getSimpleName()
        + ", which collapses on this instance"
        + " only. Name the clients to collapse across the instances in "
        + prefix
        + "apply-to-beans (each then does under its bean's name), or set "
        + prefix
        + "fleet=false.";
  }

  private static String someUnnamedMessage(ClientReach reach) {
    ClientSection section = reach.section();
    String prefix = "collapse.executor." + section.key() + ".";
    List<String> named = new ArrayList<>();
    if (!section.getApplyToBeans().isEmpty()) {
      named.add(
          "the beans of "
              + prefix
              + "apply-to-beans "
              + section.getApplyToBeans()
              + " collapse across the instances, each under its bean's name");
    }
    if (!reach.takenByHand().isEmpty()) {
      named.add(
          "the beans given the "
              + reach.adapterType().getSimpleName()
              + " by hand "
              + reach.takenByHand()
              + " do where they hold it or a partition with a name");
    }
    return prefix
        + "fleet is true: "
        + String.join("; ", named)
        + "; "
        + String.join(" and ", reach.unnamed())
        + " get an unnamed partition, and collapse on"
        + " this instance only.";
  }
}
