package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.SensitiveHeaders;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpAdapterProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpSection;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.NamedExecutorProperties;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;

/**
 * The bound {@code collapse.executor} properties turned into the library's options. Every value is
 * checked once, by the builder that takes it, when this bean is created at startup: the batch
 * settings, the named executors and the {@link HttpSection} of every integration on the class
 * path, whichever integrations registered one. A rejected value stops the
 * application with an {@link InvalidPropertiesException} that names the key of every rejection.
 * A {@code non-sensitive-headers} entry that takes out a built-in sensitive header is logged at
 * WARN, once.
 */
final class CollapseSettings {

  private static final System.Logger LOG = System.getLogger(CollapseSettings.class.getName());

  private final HttpAdapterProperties httpProperties;
  private final NamedExecutorProperties namedProperties;
  private final CollapseExecutorOptions batchOptions;
  private final Iterable<ConfigurationPropertySource> sources;

  /**
   * Checks every value.
   *
   * @param sources where the values were read from, for the key, value and origin of a rejection
   * @throws InvalidPropertiesException if a builder rejects a value
   */
  CollapseSettings(
      CollapseExecutorProperties properties,
      HttpAdapterProperties http,
      NamedExecutorProperties named,
      List<HttpSection> sections,
      Iterable<ConfigurationPropertySource> sources) {
    this.httpProperties = http;
    this.namedProperties = named;
    this.sources = sources;
    PropertyErrors errors = new PropertyErrors(sources);
    this.batchOptions = check(properties, http, named, sections, errors);
    errors.throwIfAny();
    warnOfRemovedDefaults(http);
  }

  /**
   * Hands every value to the builder that takes it, keeping each rejection in {@code errors}, and
   * returns the top-level batch options.
   */
  static CollapseExecutorOptions check(
      CollapseExecutorProperties properties,
      HttpAdapterProperties http,
      NamedExecutorProperties named,
      List<HttpSection> sections,
      PropertyErrors errors) {
    CollapseExecutorOptions batchOptions = BatchOptionsFactory.topLevel(properties, errors).build();
    BatchOptionsFactory.named(named, batchOptions, http.getMode(), errors);
    for (HttpSection section : sections) {
      HttpOptionsFactory.options(section, http, builder -> {}, errors);
      section.checkOwnSettings(errors);
    }
    return batchOptions;
  }

  /**
   * Logs, once, the built-in sensitive headers that {@code non-sensitive-headers} takes out: the
   * one setting that lets callers with different credentials share, which should not pass unseen.
   */
  private static void warnOfRemovedDefaults(HttpAdapterProperties http) {
    if (http.getNonSensitiveHeaders() == null) {
      return;
    }
    Set<String> removed =
        SensitiveHeaders.defaults().withRemoved(http.getNonSensitiveHeaders()).removedDefaults();
    if (!removed.isEmpty()) {
      LOG.log(
          System.Logger.Level.WARNING,
          () ->
              "collapse.executor.non-sensitive-headers takes "
                  + removed
                  + " out of the built-in sensitive headers: callers that send different"
                  + " values of them will share responses");
    }
  }

  /** Returns the top-level batch options, reporting to {@code listener}. */
  CollapseExecutorOptions batchOptions(CollapseListener listener) {
    return batchOptions.toBuilder().listener(listener).build();
  }

  /** Returns the named executors, {@code default} on top of {@code base}. */
  NamedExecutors namedExecutors(CollapseExecutorOptions base) {
    PropertyErrors errors = new PropertyErrors(sources);
    NamedExecutors named =
        BatchOptionsFactory.named(namedProperties, base, httpProperties.getMode(), errors);
    errors.throwIfAny();
    // null only with a rejection, which threw above
    return Objects.requireNonNull(named);
  }

  /**
   * Returns the options of the adapter of {@code section}, with what {@code wiring} sets besides
   * the properties: the listener, the observations.
   */
  HttpCollapseOptions httpOptions(
      HttpSection section, Consumer<HttpCollapseOptions.Builder> wiring) {
    PropertyErrors errors = new PropertyErrors(sources);
    HttpCollapseOptions options =
        HttpOptionsFactory.options(section, httpProperties, wiring, errors);
    errors.throwIfAny();
    // null only with a rejection, which threw above
    return Objects.requireNonNull(options);
  }
}
