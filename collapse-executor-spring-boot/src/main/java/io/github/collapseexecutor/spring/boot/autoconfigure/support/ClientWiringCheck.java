package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.ClientSection;
import java.util.List;

/**
 * What a tier plugged in beside the client adapters checks of where a section's adapter went, such
 * as a tier that serves only the clients whose partition has a name. The client auto-configurations
 * tell every bean of this type, in order; they know the beans only by this type.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 */
public interface ClientWiringCheck {

  /**
   * Called while the bean {@code beanName} of the {@code apply-to-beans} of {@code section} is
   * made, when it holds already the unnamed partition that {@code property} of the section gave
   * Spring Boot's {@code builder}, and so keeps that partition rather than get one named after it.
   *
   * @param builder Spring Boot's builder the bean was built from, such as
   *     {@code RestClient.Builder}
   * @param property the section's property that gave the builder the partition, such as
   *     {@code customize-rest-client-builder}
   * @throws RuntimeException to stop startup, where the section asks for what the bean then
   *     cannot do
   */
  default void keepsBuilderPartition(
      ClientSection section, String beanName, String builder, String property) {}

  /** Called once every bean is made, for a section whose collapse groups reach a client. */
  default void reached(ClientReach reach) {}

  /**
   * Where the adapter of one client section went, once every bean is made, told to each
   * {@link ClientWiringCheck}: the beans of {@code apply-to-beans} (the section's) and the beans
   * given the adapter by hand hold a partition named after them or the adapter itself; the clients
   * of the customized builders and of HTTP service groups hold an unnamed partition.
   *
   * @param configuration the section's auto-configuration, whose logger speaks of it
   * @param section the bound section
   * @param adapterType the type of the adapter bean
   * @param unnamed each kind of client that holds an unnamed partition, as a log line names it,
   *     such as {@code the RestClients of Spring Boot's builder
   *     (collapse.executor.rest-template.customize-rest-client-builder)}
   * @param takenByHand the beans the application gave the adapter bean itself, by name
   *
   * <p>Public for the auto-configurations in this module's other packages; not for applications.
   */
  record ClientReach(
      Class<?> configuration,
      ClientSection section,
      Class<?> adapterType,
      List<String> unnamed,
      List<String> takenByHand) {

    /** Copies the lists. */
    public ClientReach {
      unnamed = List.copyOf(unnamed);
      takenByHand = List.copyOf(takenByHand);
    }
  }
}
