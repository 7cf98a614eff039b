package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.ClientSection;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.ClientWiringCheck;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import org.springframework.beans.factory.ObjectProvider;

/**
 * The unnamed partitions the client sections' adapters gave Spring Boot's builders
 * ({@code customize-rest-client-builder}, {@code customize-rest-template-builder},
 * {@code customize-web-client-builder}), so that {@code apply-to-beans} can tell a client that
 * holds one.
 *
 * <p>A bean of {@code apply-to-beans} built from such a builder already holds the builder's
 * partition, and is left with it: a client holds the adapter once. That partition has no name,
 * where {@code apply-to-beans} gives the others one after their bean; every
 * {@link ClientWiringCheck} is told, and may stop startup where a tier needs the name.
 *
 * <p>Partitions are held weakly: a builder made and dropped at run time leaves nothing here.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 */
public final class BuilderPartitions {

  // by identity, as the adapters do not override equals; weakly, as builders come and go
  private final Map<Object, String> made = Collections.synchronizedMap(new WeakHashMap<>());
  private final ObjectProvider<ClientWiringCheck> checks;

  /** @param checks told of each chosen bean that keeps a builder's partition */
  public BuilderPartitions(ObjectProvider<ClientWiringCheck> checks) {
    this.checks = checks;
  }

  /**
   * Returns {@code partition}, remembered as one a builder got from {@code property} of its
   * section, such as {@code customize-rest-client-builder}.
   */
  public <P> P remember(P partition, String property) {
    made.put(partition, property);
    return partition;
  }

  /**
   * Tells every {@link ClientWiringCheck} if the bean {@code beanName} of the
   * {@code apply-to-beans} of {@code section} holds a builder's unnamed partition already.
   *
   * @param held the adapter or partition the client holds
   * @param builder Spring Boot's builder of such a client, such as {@code RestClient.Builder}
   */
  public void checkHeld(ClientSection section, String beanName, Object held, String builder) {
    String property = made.get(held);
    if (property != null) {
      checks
          .orderedStream()
          .forEach(check -> check.keepsBuilderPartition(section, beanName, builder, property));
    }
  }
}
