package io.github.collapseexecutor.benchmarks.load;

import io.github.collapseexecutor.benchmarks.ObserveOverheadBenchmark;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import io.github.collapseexecutor.http.adapter.BlockingClientCollapser;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * Does observe mode's memory stay flat however many keys there are? Two threads call the same
 * sequence of a million distinct keys, each call held until the other thread's call of the key is
 * in progress too, so that every key has a would-be run that one call would have joined: through
 * an observing HTTP client collapser, then through a {@code @Collapsible} method of an application
 * in observe mode. Prints the heap in use, after a full collection, over its use after the first
 * 10,000 keys, at 100,000 keys and at the million.
 *
 * <p>Run with {@code java -cp ... io.github.collapseexecutor.benchmarks.load.ObserveHeap} (the
 * load harness's class path).
 */
public final class ObserveHeap {

  private static final int KEYS = 1_000_000;
  private static final int[] MARKS = {10_000, 100_000, KEYS};

  private ObserveHeap() {}

  public static void main(String[] args) throws Exception {
    CyclicBarrier pair = new CyclicBarrier(2);
    try (BlockingClientCollapser client =
        new BlockingClientCollapser(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/products/*"))
                .observeOnly(true)
                .build(),
            "observe")) {
      RequestHeaders none = RequestHeaders.of(name -> List.of(), List::of);
      report(
          "HTTP client",
          key -> {
            URI uri = URI.create("https://catalog.internal/products/" + key);
            try {
              client.execute(
                  RequestTarget.builder("GET", uri).headers(none).build(), new Held(pair));
            } catch (Exception e) {
              throw new IllegalStateException(e);
            }
          });
      System.out.printf(Locale.ROOT, "  would join: %d%n", client.stats().wouldJoin());
    }
    try (ConfigurableApplicationContext context =
        new SpringApplicationBuilder(Application.class)
            .web(WebApplicationType.NONE)
            .logStartupInfo(false)
            .properties("collapse.executor.mode=observe")
            .run()) {
      Quotes quotes = context.getBean(Quotes.class);
      report("@Collapsible method", quotes::quote);
    }
  }

  /** Runs the keys on two threads at once, printing the heap at each mark. */
  private static void report(String what, IntConsumer call) throws InterruptedException {
    System.out.println(what + ":");
    long[] used = new long[MARKS.length];
    Thread other =
        new Thread(
            () -> {
              for (int key = 0; key < KEYS; key++) {
                call.accept(key);
              }
            });
    other.start();
    int mark = 0;
    for (int key = 0; key < KEYS; key++) {
      call.accept(key);
      if (key + 1 == MARKS[mark]) {
        used[mark++] = heapUsed();
      }
    }
    other.join();
    for (int i = 1; i < MARKS.length; i++) {
      System.out.printf(
          Locale.ROOT,
          "  after %,d keys: %+,d KiB over the heap after %,d%n",
          MARKS[i],
          (used[i] - used[0]) / 1024,
          MARKS[0]);
    }
  }

  private static long heapUsed() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  private static void await(CyclicBarrier pair) {
    try {
      pair.await(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("the other call of the key never came", e);
    }
  }

  /** A backend that answers once the other thread's call of the key is in progress too. */
  private record Held(CyclicBarrier pair) implements ObserveOverheadBenchmark.Answering {

    @Override
    public String send() {
      await(pair);
      return "ok";
    }
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

  /** A method held until the other thread's call of the key is in it too. */
  public static class Quotes {

    private final CyclicBarrier pair = new CyclicBarrier(2);

    @Collapsible
    public String quote(int id) {
      await(pair);
      return "quote";
    }
  }
}
