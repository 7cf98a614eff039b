package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.List;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Stops startup when {@code collapse.executor.http-service-groups} names a group: HTTP service
 * groups are Spring Framework 7's, which Spring Boot 3 does not run, so the key would collapse
 * nothing. The key is in the shared configuration metadata, so the unknown-keys check lets it
 * through; this check says why it does nothing here.
 */
@Configuration(proxyBeanMethods = false)
class HttpServiceGroupCheck {

  static final String KEY = "collapse.executor.http-service-groups";

  HttpServiceGroupCheck(Environment environment) {
    List<String> groups =
        Binder.get(environment).bind(KEY, Bindable.listOf(String.class)).orElse(List.of());
    if (!groups.isEmpty()) {
      PropertyErrors errors = new PropertyErrors(ConfigurationPropertySources.get(environment));
      errors.reject(
          KEY,
          groups,
          "HTTP service groups are Spring Framework 7's: Spring Boot 3.5"
              + " has no HTTP service groups to collapse. Collapse the clients through the"
              + " rest-template or web-client section instead, or move to Spring Boot 4 and"
              + " collapse-executor-spring-boot.");
      errors.throwIfAny();
    }
  }
}
