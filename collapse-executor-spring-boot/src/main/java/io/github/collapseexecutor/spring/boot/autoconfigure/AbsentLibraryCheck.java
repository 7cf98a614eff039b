package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.util.ClassUtils;

/**
 * The client sections configured for a library that is not on the class path: an
 * {@code okhttp:} section without OkHttp, {@code web-client:} without WebFlux, {@code grpc:}
 * without gRPC. Such a section does nothing, which the application should hear of: it is logged
 * at WARN, and a section that says {@code enabled: true} for an absent library, an explicit ask
 * that cannot be met, is rejected with the other mistakes of the configuration.
 */
final class AbsentLibraryCheck {

  /** A section and what it needs: each class, with the artifact that brings it. */
  private record Section(String key, String library, List<String> classes, String artifacts) {}

  private static final List<Section> SECTIONS =
      List.of(
          new Section(
              "rest-template",
              "Spring Web",
              List.of(
                  "org.springframework.web.client.RestClient",
                  "io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor"),
              "org.springframework:spring-web and io.github.collapseexecutor:collapse-executor-spring-web"),
          new Section(
              "web-client",
              "Spring WebFlux",
              List.of(
                  "org.springframework.web.reactive.function.client.WebClient",
                  "io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction"),
              "org.springframework:spring-webflux and io.github.collapseexecutor:collapse-executor-spring-web"),
          new Section(
              "okhttp",
              "OkHttp",
              List.of(
                  "okhttp3.OkHttpClient", "io.github.collapseexecutor.okhttp.CollapseInterceptor"),
              "com.squareup.okhttp3:okhttp-jvm and io.github.collapseexecutor:collapse-executor-okhttp"),
          new Section(
              "grpc",
              "gRPC and Spring gRPC",
              List.of(
                  "io.grpc.ClientInterceptor",
                  "org.springframework.grpc.client.GlobalClientInterceptor",
                  "io.github.collapseexecutor.grpc.CollapseClientInterceptor"),
              "Spring Boot's gRPC client and io.github.collapseexecutor:collapse-executor-grpc"),
          new Section(
              "servlet",
              "the Servlet API",
              List.of(
                  "jakarta.servlet.Filter",
                  "io.github.collapseexecutor.servlet.CollapseServletFilter"),
              "spring-boot-starter-web and io.github.collapseexecutor:collapse-executor-servlet"),
          new Section(
              "webflux",
              "Spring WebFlux",
              List.of(
                  "org.springframework.web.server.WebFilter",
                  "io.github.collapseexecutor.spring.webflux.CollapseWebFilter"),
              "spring-boot-starter-webflux and io.github.collapseexecutor:collapse-executor-spring-webflux"));

  private static final System.Logger LOG = System.getLogger(AbsentLibraryCheck.class.getName());

  private AbsentLibraryCheck() {}

  /**
   * Logs each configured section whose library is absent, and rejects into {@code errors} each
   * of them whose {@code enabled} is true.
   */
  static void check(
      Iterable<ConfigurationPropertySource> sources,
      @Nullable ClassLoader loader,
      PropertyErrors errors) {
    for (Section section : SECTIONS) {
      Optional<String> missing =
          section.classes().stream()
              .filter(type -> !ClassUtils.isPresent(type, loader))
              .findFirst();
      ConfigurationProperty written = missing.isPresent() ? firstKey(sources, section) : null;
      if (missing.isEmpty() || written == null) {
        continue;
      }
      String absent =
          "%s is not on the class path (no %s): add %s"
              .formatted(section.library(), missing.get(), section.artifacts());
      ConfigurationProperty enabled =
          find(
              sources,
              ConfigurationPropertyName.of(
                  UnknownKeyCheck.PREFIX + "." + section.key() + ".enabled"));
      if (enabled != null && "true".equalsIgnoreCase(String.valueOf(enabled.getValue()).trim())) {
        errors.reject(
            enabled.getName().toString(),
            enabled.getValue(),
            "asks for the "
                + section.key()
                + " section, and "
                + absent
                + ", or remove the section");
      } else {
        LOG.log(
            System.Logger.Level.WARNING,
            () ->
                "collapse.executor."
                    + section.key()
                    + " is configured ("
                    + written.getName()
                    + (written.getOrigin() == null ? "" : ", " + written.getOrigin())
                    + "), and does nothing: "
                    + absent
                    + ", or remove the section");
      }
    }
  }

  /** Whether the library of the section {@code key} is on the class path, or it needs none. */
  static boolean isPresent(String key, @Nullable ClassLoader loader) {
    return SECTIONS.stream()
        .filter(section -> section.key().equals(key))
        .findFirst()
        .map(
            section ->
                section.classes().stream().allMatch(type -> ClassUtils.isPresent(type, loader)))
        .orElse(true);
  }

  /** The first key of the section that a source other than the environment variables sets. */
  private static @Nullable ConfigurationProperty firstKey(
      Iterable<ConfigurationPropertySource> sources, Section section) {
    ConfigurationPropertyName root =
        ConfigurationPropertyName.of(UnknownKeyCheck.PREFIX + "." + section.key());
    for (ConfigurationPropertySource source : sources) {
      if (source instanceof IterableConfigurationPropertySource names
          && !(source.getUnderlyingSource() instanceof SystemEnvironmentPropertySource)) {
        Optional<ConfigurationPropertyName> name =
            names.stream().filter(root::isAncestorOf).findFirst();
        if (name.isPresent()) {
          return source.getConfigurationProperty(name.get());
        }
      }
    }
    return null;
  }

  private static @Nullable ConfigurationProperty find(
      Iterable<ConfigurationPropertySource> sources, ConfigurationPropertyName name) {
    for (ConfigurationPropertySource source : sources) {
      ConfigurationProperty property = source.getConfigurationProperty(name);
      if (property != null) {
        return property;
      }
    }
    return null;
  }
}
