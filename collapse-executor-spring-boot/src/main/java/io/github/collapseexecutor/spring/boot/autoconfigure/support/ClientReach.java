package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.ClientSection;
import java.util.List;

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
public record ClientReach(
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
