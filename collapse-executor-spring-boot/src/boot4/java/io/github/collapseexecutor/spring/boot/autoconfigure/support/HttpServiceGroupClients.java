package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpServiceGroupProperties;
import java.util.List;
import java.util.function.Consumer;
import org.springframework.web.service.registry.HttpServiceGroupConfigurer;

/**
 * The client builders of the HTTP service groups named in
 * {@code collapse.executor.http-service-groups}, whichever client backs them: the RestClient and
 * the WebClient configurers add their adapter to the same groups.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 */
public final class HttpServiceGroupClients {

  private HttpServiceGroupClients() {}

  /** Gives {@code configure} the client builder of each group of {@code groups} that is named. */
  public static <B> void configureNamed(
      HttpServiceGroupConfigurer.Groups<B> groups,
      HttpServiceGroupProperties properties,
      Consumer<B> configure) {
    List<String> names = properties.getHttpServiceGroups();
    if (!names.isEmpty()) {
      groups
          .filterByName(names.toArray(String[]::new))
          .forEachClient((group, builder) -> configure.accept(builder));
    }
  }
}
