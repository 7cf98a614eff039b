package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.ClientSection;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.ClientWiringCheck;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.ClientWiringCheck.ClientReach;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * Where the adapter of one client section went: which of Spring Boot's builders it customizes,
 * which beans {@code apply-to-beans} names, whether HTTP service groups take it, and which beans
 * took it by hand. Once every bean is created, a section whose collapse groups reach no client is
 * logged at WARN, naming the settings that would let them take effect: such groups would
 * otherwise collapse nothing, and say nothing.
 *
 * <p>Each bean of {@code apply-to-beans} gets a partition named after its bean, and the adapter
 * bean itself is named after its executor; the clients of the builder customizations and of HTTP
 * service groups get an unnamed partition. Once every bean is created, a section whose groups
 * reach a client is told, as a {@link ClientReach}, to every {@link ClientWiringCheck} bean: a
 * tier plugged in beside the adapters may have something to say of it.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 */
public final class ClientWiring implements SmartInitializingSingleton, BeanFactoryAware {

  /** One of Spring Boot's builders and the property that adds the adapter to it. */
  public record Builder(String type, String property, boolean customized) {}

  private final Class<?> configuration;
  private final ClientSection section;
  private final Class<?> adapterType;
  private final List<Builder> builders;
  private final List<String> serviceGroups;

  @SuppressWarnings("NullAway.Init") // set by Spring before any other callback
  private ConfigurableListableBeanFactory beanFactory;

  /**
   * @param configuration the auto-configuration whose logger speaks
   * @param section the bound section
   * @param adapterType the type of the adapter bean
   * @param serviceGroups the HTTP service groups whose clients take the adapter
   * @param builders Spring Boot's builders the section may customize
   */
  private ClientWiring(
      Class<?> configuration,
      ClientSection section,
      Class<?> adapterType,
      List<String> serviceGroups,
      List<Builder> builders) {
    this.configuration = configuration;
    this.section = section;
    this.adapterType = adapterType;
    this.serviceGroups = List.copyOf(serviceGroups);
    this.builders = List.copyOf(builders);
  }

  /** A section whose adapter HTTP service groups may take, as RestClient and WebClient do. */
  public static ClientWiring withServiceGroups(
      Class<?> configuration,
      ClientSection section,
      Class<?> adapterType,
      Environment environment,
      Builder... builders) {
    List<String> groups =
        Binder.get(environment)
            .bind("collapse.executor.http-service-groups", Bindable.listOf(String.class))
            .orElse(List.of());
    return new ClientWiring(configuration, section, adapterType, groups, Arrays.asList(builders));
  }

  /** A section with no builder of Spring Boot's and no HTTP service groups, such as OkHttp. */
  public static ClientWiring byBeansOnly(
      Class<?> configuration, ClientSection section, Class<?> adapterType) {
    return new ClientWiring(configuration, section, adapterType, List.of(), List.of());
  }

  @Override
  public void setBeanFactory(BeanFactory beanFactory) {
    this.beanFactory = (ConfigurableListableBeanFactory) beanFactory;
  }

  @Override
  public void afterSingletonsInstantiated() {
    if (section.getCollapseGroups().isEmpty()) {
      return;
    }
    if (!reachesAClient()) {
      System.getLogger(configuration.getName())
          .log(System.Logger.Level.WARNING, this::unreachedMessage);
      return;
    }
    List<ClientWiringCheck> checks =
        beanFactory.getBeanProvider(ClientWiringCheck.class).orderedStream().toList();
    if (!checks.isEmpty()) {
      ClientReach reach =
          new ClientReach(
              configuration, section, adapterType, unnamedClients(), List.copyOf(takenByHand()));
      checks.forEach(check -> check.reached(reach));
    }
  }

  /** The clients that get an unnamed partition: each customized builder's, each group's. */
  private List<String> unnamedClients() {
    String prefix = "collapse.executor." + section.key() + ".";
    List<String> unnamed = new ArrayList<>();
    builders.stream()
        .filter(Builder::customized)
        .forEach(
            builder ->
                unnamed.add(
                    "the "
                        + builder.type()
                        + "s of Spring Boot's builder ("
                        + prefix
                        + builder.property()
                        + ")"));
    if (!serviceGroups.isEmpty()) {
      unnamed.add(
          "the clients of HTTP service groups "
              + serviceGroups
              + " (collapse.executor.http-service-groups)");
    }
    return unnamed;
  }

  /** Whether any client can get the adapter: by a builder, a bean name, a group, or by hand. */
  boolean reachesAClient() {
    return builders.stream().anyMatch(Builder::customized)
        || !section.getApplyToBeans().isEmpty()
        || !serviceGroups.isEmpty()
        || !takenByHand().isEmpty();
  }

  /**
   * The beans that were given the adapter bean when they were made, other than this library's
   * own customizers: a client the application added the adapter to itself.
   */
  Set<String> takenByHand() {
    Set<String> dependents = new TreeSet<>();
    for (String adapter : beanFactory.getBeanNamesForType(adapterType, true, false)) {
      for (String dependent : beanFactory.getDependentBeans(adapter)) {
        if (!isOwnCustomizer(dependent)) {
          dependents.add(dependent);
        }
      }
    }
    return dependents;
  }

  private static boolean isOwnCustomizer(String beanName) {
    return beanName.startsWith("collapse")
        && (beanName.endsWith("Customizer") || beanName.endsWith("HttpServiceGroupConfigurer"));
  }

  private String unreachedMessage() {
    String prefix = "collapse.executor." + section.key() + ".";
    List<String> ways = new ArrayList<>();
    for (Builder builder : builders) {
      ways.add(
          "set "
              + prefix
              + builder.property()
              + "=true to add it to every "
              + builder.type()
              + " Spring Boot's builder makes");
    }
    ways.add("name client beans in " + prefix + "apply-to-beans");
    if (!builders.isEmpty()) {
      ways.add("name HTTP service groups in collapse.executor.http-service-groups");
    }
    ways.add("add the " + adapterType.getSimpleName() + " bean to a client yourself");
    return prefix
        + "collapse-groups are set, but no client gets the collapse "
        + adapterType.getSimpleName()
        + ", so nothing collapses: "
        + String.join("; or ", ways)
        + ".";
  }

  /** Says where the adapter went, for the startup report. */
  public String describe() {
    List<String> places = new ArrayList<>();
    builders.stream()
        .filter(Builder::customized)
        .forEach(builder -> places.add(builder.type() + " of Spring Boot's builder"));
    if (!section.getApplyToBeans().isEmpty()) {
      places.add("beans " + section.getApplyToBeans());
    }
    if (!serviceGroups.isEmpty()) {
      places.add("HTTP service groups " + serviceGroups);
    }
    Set<String> byHand = takenByHand();
    if (!byHand.isEmpty()) {
      places.add("beans given it by hand " + byHand);
    }
    return section.key()
        + ": "
        + adapterType.getSimpleName()
        + " with "
        + section.getCollapseGroups().size()
        + " collapse group(s), added to "
        + (places.isEmpty() ? "no client" : String.join(", ", places));
  }
}
