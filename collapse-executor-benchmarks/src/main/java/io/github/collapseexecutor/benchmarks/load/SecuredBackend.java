package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The secured backend ({@value #MAIN_CLASS}) in a JVM of its own: a Spring Boot service with
 * Spring Security's defaults on 127.0.0.1. Spring Security is on its class path only, from
 * {@link #CLASS_PATH}, which the build writes: on the harness's it would lock the sample
 * application too.
 */
final class SecuredBackend implements AutoCloseable {

  static final String MAIN_CLASS =
      "io.github.collapseexecutor.benchmarks.load.securedbackend.SecuredBackendApplication";

  /** Spring Security's jars, as the build lists them. */
  static final Path CLASS_PATH =
      Path.of("collapse-executor-benchmarks/target/secured-backend-classpath.txt");

  private final ChildJvm jvm;
  private final URI base;

  private SecuredBackend(ChildJvm jvm, URI base) {
    this.jvm = jvm;
    this.base = base;
  }

  /** Returns why the backend cannot start, or {@code null} when it can. */
  static String unavailable() {
    return Files.isReadable(CLASS_PATH)
        ? null
        : CLASS_PATH + " is missing: build with load.sh, which writes it";
  }

  /** Starts the backend on a free port, without collapse of its own, and waits for it. */
  static SecuredBackend start(Path logs) throws IOException, InterruptedException {
    int port = Loopback.freePort();
    URI base = URI.create("http://127.0.0.1:" + port);
    ChildJvm jvm =
        ChildJvm.start(
            "secured-backend",
            MAIN_CLASS,
            SampleApp.JVM_OPTIONS, // the same heap, for the same reasons
            List.of(
                "--server.address=127.0.0.1",
                "--server.port=" + port,
                "--collapse.executor.enabled=false",
                "--spring.main.banner-mode=off"),
            base.resolve("/counter"),
            logs,
            Files.readString(CLASS_PATH).strip());
    return new SecuredBackend(jvm, base);
  }

  /** Returns the URL of {@code path}, such as {@code /secured/1}. */
  URI url(String path) {
    return base.resolve(path);
  }

  /** Returns how often {@code endpoint} ({@code secured} or {@code cookie}) ran. */
  long executions(String endpoint) throws IOException, InterruptedException {
    return SampleApp.count(url("/counter"), endpoint);
  }

  @Override
  public void close() {
    jvm.close();
  }
}
