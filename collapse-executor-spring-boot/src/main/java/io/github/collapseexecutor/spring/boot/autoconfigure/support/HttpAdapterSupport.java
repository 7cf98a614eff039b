package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.adapter.HttpCollapseAdapter;
import io.github.collapseexecutor.micrometer.CollapseObservationConvention;
import io.github.collapseexecutor.micrometer.CollapseObservations;
import io.github.collapseexecutor.micrometer.ExecutorCreationListener;
import io.github.collapseexecutor.micrometer.ExecutorCreationListener.CreatedExecutor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorDescriptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpSection;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseListenerFactory;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.HttpOptionsCustomizer;
import io.micrometer.observation.ObservationRegistry;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import org.springframework.beans.factory.ObjectProvider;

/**
 * Turns one bound section into {@link HttpCollapseOptions} and registers the adapter built on it:
 * what every HTTP adapter's auto-configuration needs besides its own section, as one bean.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 */
public final class HttpAdapterSupport {

  private final BiFunction<HttpSection, Consumer<HttpCollapseOptions.Builder>, HttpCollapseOptions>
      settings;
  private final Function<String, CollapseListener> listeners;
  private final ObjectProvider<ObservationRegistry> observationRegistry;
  private final ObjectProvider<CollapseObservationConvention> observationConvention;
  private final ObjectProvider<CollapseExecutors> executors;
  private final ObjectProvider<HttpOptionsCustomizer> customizers;

  /**
   * @param settings the checked options of a section, with what the caller adds to its builder
   * @param listeners the listener of an integration's executor, given the integration
   * @param observationRegistry the registry the options observe with, if any
   * @param observationConvention the convention of those observations, if any
   * @param executors the registry the adapters join, if any
   * @param customizers what the tiers plugged in beside the adapters add to the options
   */
  public HttpAdapterSupport(
      BiFunction<HttpSection, Consumer<HttpCollapseOptions.Builder>, HttpCollapseOptions> settings,
      Function<String, CollapseListener> listeners,
      ObjectProvider<ObservationRegistry> observationRegistry,
      ObjectProvider<CollapseObservationConvention> observationConvention,
      ObjectProvider<CollapseExecutors> executors,
      ObjectProvider<HttpOptionsCustomizer> customizers) {
    this.settings = settings;
    this.listeners = listeners;
    this.observationRegistry = observationRegistry;
    this.observationConvention = observationConvention;
    this.executors = executors;
    this.customizers = customizers;
  }

  /**
   * Returns the options of the adapter of {@code integration}, from its checked section, with
   * the integration's listener, told of the executor at once, and the
   * {@link ObservationRegistry} and {@link CollapseObservationConvention} beans, if any, and what
   * every {@link HttpOptionsCustomizer} adds. The executor is named after the integration.
   */
  public HttpCollapseOptions options(String integration, HttpSection section) {
    return options(integration, section, builder -> {});
  }

  /**
   * {@link #options(String, HttpSection)} with what the adapter's own configuration adds to the
   * builder after the section's settings.
   */
  public HttpCollapseOptions options(
      String integration, HttpSection section, Consumer<HttpCollapseOptions.Builder> more) {
    CollapseListener listener = listeners.apply(integration);
    ExecutorCreationListener.announce(
        listener, CreatedExecutor.http(integration, observationRegistry.getIfAvailable() != null));
    return settings.apply(
        section,
        builder -> {
          builder.listener(listener);
          observationRegistry.ifAvailable(
              registry ->
                  builder.observations(
                      CollapseObservations.of(registry)
                          .withConvention(observationConvention.getIfAvailable())));
          customizers.orderedStream().forEach(customizer -> customizer.customize(section, builder));
          more.accept(builder);
        });
  }

  /**
   * Returns the listener of the same-key executor of {@code integration}, an adapter that takes
   * no {@link HttpCollapseOptions} (the gRPC interceptors), told of the executor at once: the
   * meters of every {@link CollapseListenerFactory} bean then count its calls and shared runs.
   *
   * @param timesOut whether a caller's wait can time out
   */
  public CollapseListener sameKeyListener(String integration, boolean timesOut) {
    CollapseListener listener = listeners.apply(integration);
    ExecutorCreationListener.announce(listener, CreatedExecutor.sameKey(integration, timesOut));
    return listener;
  }

  /**
   * Builds the adapter of {@code integration} on the options of its {@code section} and registers
   * it, with what its endpoint entry describes besides the options.
   *
   * @param create the adapter's constructor, given its options
   */
  public <A extends HttpCollapseAdapter<?>> A newAdapter(
      String integration,
      HttpSection section,
      Function<HttpCollapseOptions, A> create,
      Map<String, Object> described) {
    HttpCollapseOptions options = options(integration, section);
    A adapter = create.apply(options);
    register(integration, options, adapter.stats(), described);
    return adapter;
  }

  /** {@link #addPartitionUnlessHeld(List, HttpCollapseAdapter, Function, Consumer)}, quietly. */
  public static <T, A extends HttpCollapseAdapter<?>> boolean addPartitionUnlessHeld(
      List<T> adapters, A adapter, Function<A, ? extends T> partition) {
    return addPartitionUnlessHeld(adapters, adapter, partition, held -> {});
  }

  /**
   * Adds a new partition of {@code adapter} to a client's {@code adapters}, unless they hold the
   * adapter or a partition of it already (partitions share its counters), which {@code onHeld} is
   * then given; returns whether it added one.
   */
  public static <T, A extends HttpCollapseAdapter<?>> boolean addPartitionUnlessHeld(
      List<T> adapters, A adapter, Function<A, ? extends T> partition, Consumer<? super T> onHeld) {
    for (T one : adapters) {
      if (one instanceof HttpCollapseAdapter<?> collapse && collapse.stats() == adapter.stats()) {
        onHeld.accept(one);
        return false;
      }
    }
    adapters.add(partition.apply(adapter));
    return true;
  }

  /**
   * Removes from {@link CollapseExecutors}, if that bean exists, the adapter whose counters are
   * {@code stats}: one the application replaced while it runs, so that the endpoint and the meters
   * show its successor alone.
   */
  public void unregister(HttpCollapseStats stats) {
    executors.ifAvailable(
        registry ->
            registry.list().stream()
                .filter(executor -> executor.stats() == stats)
                .forEach(registry::unregister));
  }

  /** Registers an adapter with {@link CollapseExecutors}, if that bean exists. */
  public void register(
      String integration,
      HttpCollapseOptions options,
      HttpCollapseStats stats,
      Map<String, Object> described) {
    executors.ifAvailable(
        registry ->
            registry.register(
                CollapseExecutorDescriptor.builder(integration, options, stats)
                    .settings(described)
                    .build()));
  }
}
