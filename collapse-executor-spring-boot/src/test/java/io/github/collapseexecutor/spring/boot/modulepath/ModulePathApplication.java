package io.github.collapseexecutor.spring.boot.modulepath;

import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.stereotype.Component;

/**
 * A Spring Boot application that {@link ModulePathTest} starts in a JVM of its own, with the
 * auto-configuration as a named module on the module path and this class on the class path. It
 * prints what the test checks, one {@code key=value} per line, and exits with 1 on a failure.
 */
@SpringBootApplication
public class ModulePathApplication {

  /** A bean with a collapsible method, which the annotations' auto-configuration proxies. */
  @Component
  public static class Quotes {

    private final AtomicInteger calls = new AtomicInteger();

    /** Returns the quote of {@code name}. */
    @Collapsible
    public String quote(String name) {
      return "quote " + calls.incrementAndGet() + " of " + name;
    }
  }

  /** Starts the application, prints what it found and closes it. */
  public static void main(String[] args) {
    try (ConfigurableApplicationContext context =
        SpringApplication.run(
            ModulePathApplication.class,
            "--spring.main.web-application-type=none",
            "--spring.main.banner-mode=off",
            // not the test class path's application.properties, which is for the other tests
            "--spring.config.location=optional:classpath:/module-path/")) {
      System.out.println("module=" + CollapseExecutorAutoConfiguration.class.getModule().getName());
      System.out.println(
          "executors=" + context.getBeanNamesForType(CollapseExecutors.class).length);
      Quotes quotes = context.getBean(Quotes.class);
      System.out.println("proxied=" + !quotes.getClass().equals(Quotes.class));
      System.out.println("answer=" + quotes.quote("a"));
    } catch (RuntimeException | Error failed) {
      failed.printStackTrace();
      System.exit(1);
    }
  }
}
