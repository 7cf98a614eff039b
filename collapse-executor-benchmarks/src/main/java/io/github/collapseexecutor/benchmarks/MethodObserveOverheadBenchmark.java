package io.github.collapseexecutor.benchmarks;

import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
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

/**
 * What observe mode adds to a call of a {@code @Collapsible} method over the library being off:
 * {@link #observe()} calls the method through the proxy of an application with
 * {@code collapse.executor.mode: observe} (the key is made, the call counted as the first of its
 * key or as one that would join, and its result judged as a joiner's would be), {@link #off()}
 * the same method of the bean itself. The method answers at once. {@code keys} is how many
 * distinct arguments the calls cycle through: with {@code 1}, concurrent calls (run with
 * {@code -t 8}) would join each other; with {@code 1024}, rarely.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class MethodObserveOverheadBenchmark {

  @Param({"1", "1024"})
  public int keys;

  private final Quotes plain = new Quotes();
  private ConfigurableApplicationContext context;
  private Quotes observed;

  @Setup
  public void setUp() {
    context =
        new SpringApplicationBuilder(Application.class)
            .web(WebApplicationType.NONE)
            .logStartupInfo(false)
            .properties("collapse.executor.mode=observe")
            .run();
    observed = context.getBean(Quotes.class);
  }

  @TearDown
  public void tearDown() {
    context.close();
  }

  /** Each thread's next argument. */
  @State(Scope.Thread)
  public static class Cursor {
    int next;
  }

  /** One call through the observing proxy. */
  @Benchmark
  public Object observe(Cursor cursor) {
    return observed.quote(cursor.next++ % keys);
  }

  /** The baseline: the same call on the bean itself. */
  @Benchmark
  public Object off(Cursor cursor) {
    return plain.quote(cursor.next++ % keys);
  }

  /** The application: the collapse auto-configuration and one bean with a collapsible method. */
  @ImportAutoConfiguration({
    CollapseExecutorAutoConfiguration.class,
    CollapseAnnotationAutoConfiguration.class
  })
  public static class Application {

    @Bean
    Quotes quotes() {
      return new Quotes();
    }
  }

  /** A service whose every call answers at once. */
  public static class Quotes {

    private static final String[] QUOTES = {"quote 0", "quote 1", "quote 2", "quote 3"};

    @Collapsible
    public String quote(int id) {
      return QUOTES[id & 3];
    }
  }
}
