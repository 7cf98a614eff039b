package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.SensitiveHeaders;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.Section;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.ServletSection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The bound {@code collapse.executor} properties turned into the library's options. Every value is
 * checked once, by the builder that takes it, when this bean is created at startup: the batch
 * settings, the named executors and every section, enabled or not, so that a mistake in a section
 * switched off today is not found only when it is switched on. A rejected value stops the
 * application with an {@link InvalidPropertiesException} that names the key of every rejection.
 * A {@code non-sensitive-headers} entry that takes out a built-in sensitive header is logged at
 * WARN, once.
 */
final class CollapseSettings {

  private static final System.Logger LOG = System.getLogger(CollapseSettings.class.getName());

  private final CollapseExecutorProperties properties;
  private final HttpAdapterProperties httpProperties;
  private final NamedExecutorProperties namedProperties;
  private final CollapseExecutorOptions batchOptions;

  /**
   * Checks every value.
   *
   * @throws InvalidPropertiesException if a builder rejects a value
   */
  CollapseSettings(CollapseExecutorProperties properties, HttpAdapterProperties http,
      NamedExecutorProperties named) {
    this.properties = properties;
    this.httpProperties = http;
    this.namedProperties = named;
    PropertyErrors errors = new PropertyErrors();
    this.batchOptions = BatchOptionsFactory.topLevel(properties, errors).build();
    BatchOptionsFactory.named(named, batchOptions, errors);
    sections().forEach((key, section) ->
        HttpOptionsFactory.options(key, section, http, builder -> { }, errors));
    servletMapping(errors);
    errors.throwIfAny();
    warnOfRemovedDefaults(http);
  }

  /**
   * Logs, once, the built-in sensitive headers that {@code non-sensitive-headers} takes out: the
   * one setting that lets callers with different credentials share, which should not pass unseen.
   */
  private static void warnOfRemovedDefaults(HttpAdapterProperties http) {
    if (http.getNonSensitiveHeaders() == null) {
      return;
    }
    Set<String> removed = SensitiveHeaders.defaults().withRemoved(http.getNonSensitiveHeaders())
        .removedDefaults();
    if (!removed.isEmpty()) {
      LOG.log(System.Logger.Level.WARNING, () -> "collapse.executor.non-sensitive-headers takes "
          + removed + " out of the built-in sensitive headers: callers that send different"
          + " values of them will share responses");
    }
  }

  /** Returns the top-level batch options, reporting to {@code listener}. */
  CollapseExecutorOptions batchOptions(CollapseListener listener) {
    return batchOptions.toBuilder().listener(listener).build();
  }

  /** Returns the named executors, {@code default} on top of {@code base}. */
  NamedExecutors namedExecutors(CollapseExecutorOptions base) {
    PropertyErrors errors = new PropertyErrors();
    NamedExecutors named = BatchOptionsFactory.named(namedProperties, base, errors);
    errors.throwIfAny();
    return named;
  }

  /**
   * Returns the options of the adapter of section {@code key}, with what {@code wiring} sets
   * besides the properties: the listener, the observations.
   */
  HttpCollapseOptions httpOptions(String key, Section section,
      Consumer<HttpCollapseOptions.Builder> wiring) {
    PropertyErrors errors = new PropertyErrors();
    HttpCollapseOptions options =
        HttpOptionsFactory.options(key, section, httpProperties, wiring, errors);
    errors.throwIfAny();
    return options;
  }

  /** Returns where the servlet filter runs. */
  ServletFilterMapping servletMapping() {
    PropertyErrors errors = new PropertyErrors();
    ServletFilterMapping mapping = servletMapping(errors);
    errors.throwIfAny();
    return mapping;
  }

  private ServletFilterMapping servletMapping(PropertyErrors errors) {
    ServletSection servlet = properties.getServlet();
    return errors.take("collapse.executor.servlet.url-patterns", servlet.getUrlPatterns(),
        () -> new ServletFilterMapping(servlet.getUrlPatterns(), servlet.getOrder()));
  }

  private Map<String, Section> sections() {
    Map<String, Section> sections = new LinkedHashMap<>();
    sections.put("rest-template", properties.getRestTemplate());
    sections.put("web-client", properties.getWebClient());
    sections.put("okhttp", properties.getOkhttp());
    sections.put("servlet", properties.getServlet());
    return sections;
  }
}
