package io.github.collapseexecutor.benchmarks;

import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import reactor.core.publisher.Mono;

/**
 * What observing the runs of a {@code @Collapsible} method costs a call that finds no equal call
 * in flight: one thread calls the method of a Spring bean one call at a time, through the proxy
 * the auto-configuration makes, so every call leads a run of its own that ends at once, and
 * nothing but the collapse and its observation is measured. The caller has no observation of its
 * own.
 *
 * <p>{@code kind}: what the method returns, a value ({@code String}), a completed
 * {@code CompletableFuture} (joined) or {@code Mono.just} (blocked on). {@code registry}:
 * {@code none} (no {@code ObservationRegistry} bean: nothing is observed), {@code noop}
 * ({@link ObservationRegistry#NOOP}) or {@code meters} (a registry with Spring Boot's default
 * handler, a {@link DefaultMeterObservationHandler} on a {@link SimpleMeterRegistry}).
 * {@link #direct()} is the baseline: the same method of the bean itself, without the proxy.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class AnnotatedObservationOverheadBenchmark {

  @Param({"value", "future", "mono"})
  public String kind;

  @Param({"none", "noop", "meters"})
  public String registry;

  private static final String VALUE = "user 42";

  private final Users plain = new Users();
  private ConfigurableApplicationContext context;
  private Users users;

  /** Starts an application with the bean, its proxy, and the registry of the run. */
  @Setup
  public void setUp() {
    SpringApplicationBuilder application =
        new SpringApplicationBuilder(Application.class)
            .web(WebApplicationType.NONE)
            .logStartupInfo(false);
    switch (registry) {
      case "none" -> {}
      case "noop" ->
          application.initializers(
              context ->
                  context
                      .getBeanFactory()
                      .registerSingleton("observationRegistry", ObservationRegistry.NOOP));
      case "meters" -> {
        ObservationRegistry observations = ObservationRegistry.create();
        observations
            .observationConfig()
            .observationHandler(new DefaultMeterObservationHandler(new SimpleMeterRegistry()));
        application.initializers(
            context ->
                context.getBeanFactory().registerSingleton("observationRegistry", observations));
      }
      default -> throw new IllegalArgumentException("registry: " + registry);
    }
    context = application.run();
    users = context.getBean(Users.class);
  }

  @TearDown
  public void tearDown() {
    context.close();
  }

  /** One call through the proxy: it leads a run, which ends at once, and gets its result. */
  @Benchmark
  public Object collapsed() {
    return call(users);
  }

  /** The baseline: the same call on the bean itself. */
  @Benchmark
  public Object direct() {
    return call(plain);
  }

  private Object call(Users target) {
    return switch (kind) {
      case "value" -> target.value(42);
      case "future" -> target.future(42).join();
      case "mono" -> target.mono(42).block();
      default -> throw new IllegalArgumentException("kind: " + kind);
    };
  }

  /** The application: the collapse auto-configuration and one bean with collapsible methods. */
  @ImportAutoConfiguration({
    CollapseExecutorAutoConfiguration.class,
    CollapseAnnotationAutoConfiguration.class
  })
  public static class Application {

    @Bean
    Users users() {
      return new Users();
    }
  }

  /** A service whose every call answers at once. */
  public static class Users {

    @Collapsible
    public String value(int id) {
      return VALUE;
    }

    @Collapsible
    public CompletableFuture<String> future(int id) {
      return CompletableFuture.completedFuture(VALUE);
    }

    @Collapsible
    public Mono<String> mono(int id) {
      return Mono.just(VALUE);
    }
  }
}
