package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.Section;
import io.github.collapseexecutor.spring.http.CollapseGroup;
import io.github.collapseexecutor.spring.http.CollapsePolicy;
import io.github.collapseexecutor.spring.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.HttpCollapseStats;
import io.github.collapseexecutor.spring.observation.CollapseObservationConvention;
import io.micrometer.observation.ObservationRegistry;
import java.util.LinkedHashSet;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.util.unit.DataSize;

/**
 * Turns one bound section into {@link HttpCollapseOptions} and registers the adapter built on it.
 */
final class HttpAdapterSupport {

  private HttpAdapterSupport() {}

  /**
   * Returns the options of the adapter of {@code integration}: the section's groups, policies,
   * wait timeout and hit-for-pass, its body limit and sensitive headers or the top-level ones,
   * the top-level additional and non-sensitive headers and sensitive header patterns, the
   * listeners of every {@link CollapseListenerFactory}, told of the executor at once, and the
   * {@link ObservationRegistry} and {@link CollapseObservationConvention} beans, if any. The
   * executor is named after the integration.
   */
  static HttpCollapseOptions options(String integration, CollapseExecutorProperties properties,
      Section section, ObjectProvider<CollapseListenerFactory> listeners,
      ObjectProvider<ObservationRegistry> observationRegistry,
      ObjectProvider<CollapseObservationConvention> observationConvention) {
    CollapseListener listener = CollapseListeners.of(listeners, integration);
    ExecutorCreationListener.announce(listener, CreatedExecutor.http(integration,
        observationRegistry.getIfAvailable() != null));
    DataSize maxBodySize = section.getMaxBodySize() != null
        ? section.getMaxBodySize() : properties.getMaxBodySize();
    HttpCollapseOptions.Builder builder = HttpCollapseOptions.builder()
        .name(integration)
        .maxBodyBytes(Math.toIntExact(maxBodySize.toBytes()))
        .waitTimeout(section.getWaitTimeout())
        .sensitiveHeaders(new LinkedHashSet<>(section.getSensitiveHeaders() != null
            ? section.getSensitiveHeaders() : properties.getSensitiveHeaders()))
        .addSensitiveHeaders(properties.getAdditionalSensitiveHeaders())
        .removeSensitiveHeaders(properties.getNonSensitiveHeaders())
        .sensitiveHeaderPatterns(new LinkedHashSet<>(properties.getSensitiveHeaderPatterns()))
        .hitForPassTtl(section.getHitForPassTtl())
        .hitForPassMaxKeys(section.getHitForPassMaxKeys())
        .listener(listener);
    section.getCollapsePolicies().forEach((name, policy) -> builder.policy(name,
        new CollapsePolicy(policy.getCollapseRequestHeaders(), policy.getCollapseRequestQueries(),
            policy.getShareUncacheable(), policy.isAcceptHeadersInKey())));
    for (CollapseGroupProperties group : section.getCollapseGroups()) {
      builder.group(new CollapseGroup(group.getUris(), group.getUriRegexes(),
          group.getCollapsePolicyName()));
    }
    observationRegistry.ifAvailable(builder::observationRegistry);
    observationConvention.ifAvailable(builder::observationConvention);
    return builder.build();
  }

  /** Registers an adapter with {@link CollapseExecutors}, if that bean exists. */
  static void register(ObjectProvider<CollapseExecutors> executors, String integration,
      HttpCollapseOptions options, HttpCollapseStats stats, Map<String, Object> settings) {
    executors.ifAvailable(registry -> registry.register(
        new CollapseExecutorDescriptor(integration, options, stats, settings)));
  }
}
