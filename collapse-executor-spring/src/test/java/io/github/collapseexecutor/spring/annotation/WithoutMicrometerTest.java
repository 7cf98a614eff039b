package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The annotations need neither collapse-executor-micrometer nor Micrometer's observation API: the
 * observations are collapse-executor-micrometer's, which depends on this module, never the
 * reverse. Spring Framework brings micrometer-observation to the tests' class path; the
 * application here runs on that class path without it.
 */
@Timeout(60)
final class WithoutMicrometerTest {

  /** The jars left out: Micrometer's observation API, what it needs, and the module. */
  private static final Pattern MICROMETER =
      Pattern.compile(
          "(micrometer-observation|micrometer-commons|collapse-executor-micrometer)[^"
              + Pattern.quote(File.separator)
              + "]*\\.jar$");

  @Test
  void theModuleDescriptorRequiresNoMicrometer() throws Exception {
    Path classes =
        Path.of(CollapseMethods.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    ModuleDescriptor descriptor;
    try (InputStream in = Files.newInputStream(classes.resolve("module-info.class"))) {
      descriptor = ModuleDescriptor.read(in);
    }

    assertThat(descriptor.requires())
        .extracting(ModuleDescriptor.Requires::name)
        .isNotEmpty()
        .noneMatch(
            name ->
                name.startsWith("micrometer.")
                    || name.equals("io.github.collapseexecutor.micrometer"));
  }

  @Test
  void theModulesDependenciesBringNoCollapseExecutorMicrometer() {
    assertThat(classPath()).noneMatch(entry -> entry.contains("collapse-executor-micrometer"));
  }

  @Test
  void annotatedMethodsCollapseWithoutMicrometersObservationApi() throws Exception {
    List<String> kept =
        classPath().stream().filter(entry -> !MICROMETER.matcher(entry).find()).toList();
    assertThat(kept).hasSizeLessThan(classPath().size());
    URL[] urls = new URL[kept.size()];
    for (int i = 0; i < urls.length; i++) {
      urls[i] = Path.of(kept.get(i)).toUri().toURL();
    }

    List<Object> saw;
    try (URLClassLoader loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader())) {
      Callable<?> application =
          (Callable<?>)
              loader
                  .loadClass(WithoutMicrometerApplication.class.getName())
                  .getDeclaredConstructor()
                  .newInstance();
      saw = List.copyOf((List<?>) withContextLoader(loader, application));
    }

    // Micrometer absent; one run for both future callers, one for both Mono subscribers
    assertThat(saw)
        .containsExactly(
            true,
            "quote ACME",
            "quote ACME",
            "quote ACME",
            "quote ACME",
            2,
            "value ACME",
            "name 7",
            4);
  }

  private static Object withContextLoader(ClassLoader loader, Callable<?> call) throws Exception {
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    thread.setContextClassLoader(loader);
    try {
      return call.call();
    } finally {
      thread.setContextClassLoader(before);
    }
  }

  private static List<String> classPath() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(entry -> !entry.isBlank())
        .toList();
  }
}
