package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpServiceGroupProperties;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.web.service.registry.HttpServiceProxyRegistry;

/**
 * Checks, once every bean is created, that each name in {@code collapse.executor.http-service-groups}
 * is an HTTP service group of the application: a misspelt name would otherwise leave its group
 * silently uncollapsed.
 */
final class HttpServiceGroupNames implements SmartInitializingSingleton {

  private final HttpServiceGroupProperties properties;
  private final ObjectProvider<HttpServiceProxyRegistry> registry;

  HttpServiceGroupNames(
      HttpServiceGroupProperties properties, ObjectProvider<HttpServiceProxyRegistry> registry) {
    this.properties = properties;
    this.registry = registry;
  }

  @Override
  public void afterSingletonsInstantiated() {
    List<String> named = properties.getHttpServiceGroups();
    if (named.isEmpty()) {
      return;
    }
    HttpServiceProxyRegistry groups = registry.getIfUnique();
    Set<String> declared = groups == null ? Set.of() : new TreeSet<>(groups.getGroupNames());
    List<String> unknown = new ArrayList<>(named);
    unknown.removeAll(declared);
    if (!unknown.isEmpty()) {
      throw new IllegalStateException(
          "collapse.executor.http-service-groups names "
              + unknown
              + ", which "
              + (unknown.size() == 1
                  ? "is not an HTTP service group"
                  : "are not HTTP" + " service groups")
              + " of this application; its groups are "
              + declared);
    }
  }
}
