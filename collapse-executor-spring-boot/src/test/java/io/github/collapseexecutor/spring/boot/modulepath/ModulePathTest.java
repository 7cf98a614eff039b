package io.github.collapseexecutor.spring.boot.modulepath;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import java.io.File;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The module descriptor at run time: a Spring Boot application whose libraries are all on the
 * module path, the auto-configuration a named module among them, starts, and Spring reads and
 * proxies what the descriptor opens to it. The compiler checks the descriptor's requires and
 * exports; only a run shows that the opens are enough.
 */
class ModulePathTest {

  /**
   * The modules the application needs, and only those: the test class path holds more. Their
   * names on either Spring Boot line: collapse-executor-spring-boot3's descriptor names its own
   * module, and Spring Framework 6 has Commons Logging in {@code spring.jcl}.
   */
  private static final Set<String> MODULES =
      Set.of(
          "io.github.collapseexecutor.core",
          "io.github.collapseexecutor.fleet",
          "io.github.collapseexecutor.http",
          "io.github.collapseexecutor.micrometer",
          "io.github.collapseexecutor.spring",
          "io.github.collapseexecutor.spring.fleet",
          "spring.core",
          "spring.beans",
          "spring.context",
          "spring.aop",
          "spring.expression",
          "spring.boot",
          "spring.boot.autoconfigure",
          "micrometer.observation",
          "micrometer.commons",
          "org.jspecify");

  private static final Set<String> ONE_OF_EACH_LINE =
      Set.of(
          "io.github.collapseexecutor.spring.boot", "io.github.collapseexecutor.spring.boot3",
          "org.apache.commons.logging", "spring.jcl");

  @Test
  @Timeout(120)
  void anApplicationOnTheModulePathStartsWithTheAutoConfigurationAsANamedModule() throws Exception {
    Path autoConfiguration =
        Path.of(
            CollapseExecutorAutoConfiguration.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
    ModuleDescriptor descriptor =
        ModuleFinder.of(autoConfiguration).findAll().iterator().next().descriptor();
    assertThat(descriptor.isAutomatic())
        .as("%s has a module descriptor", descriptor.name())
        .isFalse();

    List<String> modulePath = new ArrayList<>();
    List<String> classPath = new ArrayList<>();
    for (String entry : testClassPath()) {
      Optional<String> module = moduleName(Path.of(entry));
      if (module.isPresent()
          && (MODULES.contains(module.get()) || ONE_OF_EACH_LINE.contains(module.get()))) {
        modulePath.add(entry);
      } else if (Files.isDirectory(Path.of(entry)) && entry.contains("test-classes")) {
        classPath.add(entry);
      }
    }
    // and one of each pair above: the line's auto-configuration module and Commons Logging
    assertThat(modulePath)
        .as("the modules found on the test class path")
        .hasSize(MODULES.size() + 2);

    Path output = Files.createTempFile("module-path", ".log");
    try {
      Process application =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "--module-path",
                  String.join(File.pathSeparator, modulePath),
                  "--add-modules",
                  "ALL-MODULE-PATH",
                  "-cp",
                  String.join(File.pathSeparator, classPath),
                  ModulePathApplication.class.getName())
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      boolean ended = application.waitFor(100, TimeUnit.SECONDS);
      if (!ended) {
        application.destroyForcibly();
      }
      String printed = Files.readString(output, StandardCharsets.UTF_8);
      assertThat(ended).as("the application ended within 100 s:%n%s", printed).isTrue();
      assertThat(application.exitValue()).as("exit code; it printed:%n%s", printed).isZero();
      assertThat(printed.lines())
          .contains(
              "module=" + descriptor.name(), "executors=1", "proxied=true", "answer=quote 1 of a");
    } finally {
      Files.deleteIfExists(output);
    }
  }

  private static List<String> testClassPath() {
    // Surefire starts the tests through a jar whose manifest holds the class path
    String path =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    return List.of(path.split(File.pathSeparator));
  }

  private static Optional<String> moduleName(Path entry) {
    if (!Files.exists(entry)) {
      return Optional.empty();
    }
    try {
      return ModuleFinder.of(entry).findAll().stream()
          .findFirst()
          .map(ModuleReference::descriptor)
          .map(ModuleDescriptor::name);
    } catch (RuntimeException notAModule) {
      // a directory without a descriptor, or a jar with no name the module system takes
      return Optional.empty();
    }
  }
}
