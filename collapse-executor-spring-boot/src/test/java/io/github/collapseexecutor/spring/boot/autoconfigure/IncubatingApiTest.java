package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseExecutor;
import io.github.collapseexecutor.core.Incubating;
import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.grpc.CollapseClientInterceptor;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.micrometer.CollapseObservations;
import io.github.collapseexecutor.okhttp.CollapseInterceptor;
import io.github.collapseexecutor.redis.RedisFleet;
import io.github.collapseexecutor.servlet.CollapseServletFilter;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.fleet.CollapsibleFleetConfiguration;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.spring.webflux.CollapseWebFilter;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The incubating marker is on the API whose shape may still move, and nowhere else: every public
 * type of the adapter SPI, of the SPIs between modules, and of the fleet tier (its seam, its Redis
 * store, the annotations' route through it and its Boot package) carries it; no other public type of the published modules
 * does.
 */
class IncubatingApiTest {

  /** A class of each published module with API, from whose jar the public types are read. */
  private static final List<Class<?>> MODULES =
      List.of(
          CollapseExecutor.class,
          Fleet.class,
          HttpCollapseOptions.class,
          RedisFleet.class,
          CollapseObservations.class,
          CollapseServletFilter.class,
          CollapseHttpRequestInterceptor.class,
          CollapseWebFilter.class,
          CollapseInterceptor.class,
          CollapseClientInterceptor.class,
          Collapsible.class,
          CollapsibleFleetConfiguration.class,
          CollapseExecutorAutoConfiguration.class);

  /** The SPI types outside the packages that are incubating as a whole. */
  private static final Set<String> SPI_TYPES =
      Set.of(
          "io.github.collapseexecutor.http.CallObserver",
          "io.github.collapseexecutor.http.RequestTarget",
          "io.github.collapseexecutor.servlet.ReplayObservation",
          "io.github.collapseexecutor.micrometer.ExecutorCreationListener",
          "io.github.collapseexecutor.micrometer.ExecutorCreationListener.CreatedExecutor",
          "io.github.collapseexecutor.spring.observation.MethodObserver",
          "io.github.collapseexecutor.spring.observation.MethodObserver.MethodExecutor",
          "io.github.collapseexecutor.spring.annotation.LeaderRoutes");

  private static final Predicate<String> INCUBATING =
      name ->
          SPI_TYPES.contains(name)
              || packageOf(name).equals("io.github.collapseexecutor.http.adapter")
              || packageOf(name).equals("io.github.collapseexecutor.fleet")
              || packageOf(name).equals("io.github.collapseexecutor.redis")
              || packageOf(name).equals("io.github.collapseexecutor.spring.fleet")
              || packageOf(name)
                  .equals("io.github.collapseexecutor.spring.boot.autoconfigure.fleet");

  @Test
  void theMarkerIsOnEverySpiAndFleetTypeAndNowhereElse() throws Exception {
    Set<String> marked = new TreeSet<>();
    Set<String> expected = new TreeSet<>();
    for (Class<?> module : MODULES) {
      for (String name : publicTopLevelTypes(module)) {
        Class<?> type = Class.forName(name, false, module.getClassLoader());
        if (!Modifier.isPublic(type.getModifiers())) {
          continue;
        }
        if (type.isAnnotationPresent(Incubating.class)) {
          marked.add(name);
        }
        if (INCUBATING.test(name)) {
          expected.add(name);
        }
      }
    }

    assertThat(expected).as("the rule finds types").hasSizeGreaterThan(SPI_TYPES.size());
    assertThat(marked).isEqualTo(expected);
  }

  /**
   * The top-level types in the packages that the module of {@code module} exports to everyone,
   * read from the jar or classes directory it was loaded from.
   */
  private static Set<String> publicTopLevelTypes(Class<?> module)
      throws IOException, URISyntaxException {
    Path location = Path.of(module.getProtectionDomain().getCodeSource().getLocation().toURI());
    Set<String> names = new TreeSet<>();
    Set<String> exported;
    if (Files.isDirectory(location)) {
      try (InputStream descriptor = Files.newInputStream(location.resolve("module-info.class"));
          Stream<Path> files = Files.walk(location)) {
        exported = exported(descriptor);
        files
            .map(file -> location.relativize(file).toString().replace('\\', '/'))
            .forEach(entry -> addType(entry, names));
      }
    } else {
      try (JarFile jar = new JarFile(location.toFile());
          InputStream descriptor = jar.getInputStream(jar.getEntry("module-info.class"))) {
        exported = exported(descriptor);
        jar.stream().forEach(entry -> addType(entry.getName(), names));
      }
    }
    names.removeIf(name -> !exported.contains(packageOf(name)));
    return names;
  }

  private static Set<String> exported(InputStream descriptor) throws IOException {
    Set<String> packages = new TreeSet<>();
    for (ModuleDescriptor.Exports exports : ModuleDescriptor.read(descriptor).exports()) {
      if (!exports.isQualified()) {
        packages.add(exports.source());
      }
    }
    return packages;
  }

  private static void addType(String entry, Set<String> names) {
    if (entry.endsWith(".class")
        && !entry.contains("$")
        && !entry.endsWith("module-info.class")
        && !entry.endsWith("package-info.class")
        && !entry.startsWith("META-INF/")) {
      names.add(entry.substring(0, entry.length() - ".class".length()).replace('/', '.'));
    }
  }

  private static String packageOf(String name) {
    return name.substring(0, name.lastIndexOf('.'));
  }
}
