package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.annotation.CollapseMethods;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseEndpointProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseListenerFactory;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.MethodDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.grpc.CollapseGrpcClientAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.grpc.CollapseGrpcServerAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * The {@code collapse} actuator endpoint, with the ring of recent events that every executor the
 * auto-configuration creates reports to. On when the actuator is on the class path and the
 * endpoint is available (exposed, for example with
 * {@code management.endpoints.web.exposure.include=collapse}).
 */
@AutoConfiguration(
    after = {CollapseExecutorAutoConfiguration.class, CollapseAnnotationAutoConfiguration.class})
@ConditionalOnClass({Endpoint.class, ConditionalOnAvailableEndpoint.class})
@ConditionalOnAvailableEndpoint(CollapseEndpoint.class)
@ConditionalOnBooleanProperty(name = "collapse.executor.enabled", matchIfMissing = true)
@EnableConfigurationProperties(CollapseEndpointProperties.class)
public final class CollapseEndpointAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  RecentCollapseEvents recentCollapseEvents(CollapseEndpointProperties properties) {
    return new RecentCollapseEvents(properties.getRecentEvents());
  }

  /** Reports every executor's events to the ring, unless it keeps none. */
  @Bean
  CollapseListenerFactory recentCollapseEventsListener(RecentCollapseEvents events) {
    return integration -> events.isRecording() ? events : CollapseListener.NONE;
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean(CollapseExecutors.class)
  CollapseSwitches collapseSwitches(
      CollapseExecutors executors,
      ObjectProvider<NamedExecutors> named,
      ObjectProvider<CollapseMethods> methods) {
    return new CollapseSwitches(executors, named.getIfUnique(), methods::getIfUnique);
  }

  /** The live counts of every executor, annotated methods' included. */
  @Bean
  ExecutorCounts collapseExecutorCounts() {
    return new ExecutorCounts();
  }

  /**
   * Reports the runs of the {@code core} integration's executors (annotated methods, named
   * executors, the beans built from the options) and of the gRPC interceptors to the counts; the
   * HTTP adapters count in their own stats, and get no listener for it.
   */
  @Bean
  CollapseListenerFactory collapseExecutorCountsListener(ExecutorCounts counts) {
    // constants, inlined: naming them loads no gRPC class
    Set<String> counted =
        Set.of(
            CollapseExecutorAutoConfiguration.INTEGRATION,
            CollapseGrpcClientAutoConfiguration.INTEGRATION,
            CollapseGrpcServerAutoConfiguration.INTEGRATION);
    return integration -> counted.contains(integration) ? counts : CollapseListener.NONE;
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean(CollapseExecutors.class)
  CollapseEndpoint collapseEndpoint(
      CollapseExecutors executors,
      ObjectProvider<CollapseExecutorOptions> options,
      ObjectProvider<NamedExecutors> named,
      ObjectProvider<CollapseMethods> methods,
      CollapseSwitches switches,
      RecentCollapseEvents events,
      ExecutorCounts counts,
      ObjectProvider<Tier> tiers) {
    return new CollapseEndpoint(
        executors,
        options.getIfUnique(),
        named.getIfUnique(),
        () ->
            methods.stream()
                .flatMap(registry -> registry.list().stream())
                .map(
                    method ->
                        new MethodDescription(
                            method.method(),
                            method.executorName(),
                            method.annotation(),
                            method.executor(),
                            method.batchMethod(),
                            counts.counts(method.executorName()),
                            counts.runMillisP50(method.executorName()),
                            counts.copyMillisP50(method.executorName())))
                .toList(),
        switches,
        events,
        () -> {
          Map<String, @Nullable Object> states = new LinkedHashMap<>();
          tiers.orderedStream().forEach(tier -> states.put(tier.name(), tier.state().get()));
          return states;
        },
        counts::counts);
  }

  /** One executor of any kind by name, and the switch whose every 400 says why, over HTTP. */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean({CollapseEndpoint.class, CollapseSwitches.class})
  CollapseEndpointWebExtension collapseEndpointWebExtension(
      CollapseEndpoint endpoint, CollapseSwitches switches) {
    return new CollapseEndpointWebExtension(endpoint, switches);
  }
}
