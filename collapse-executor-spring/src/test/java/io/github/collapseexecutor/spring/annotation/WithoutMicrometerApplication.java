package io.github.collapseexecutor.spring.annotation;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.ClassUtils;
import reactor.core.publisher.Mono;

/**
 * An application with {@code @EnableCollapsing} whose annotated methods return a value, a future
 * and a {@code Mono}, and batch: run by {@link WithoutMicrometerTest} in a class loader without
 * Micrometer's observation API. Each method is called twice for one key while its first run is
 * still pending, from one thread: the second call joins the first's run. Returns what it saw, in
 * JDK types only, which both class loaders share.
 */
public final class WithoutMicrometerApplication implements Callable<List<Object>> {

  /** Called by reflection, from the other class loader. */
  public WithoutMicrometerApplication() {}

  @Override
  public List<Object> call() throws Exception {
    boolean observationAbsent =
        !ClassUtils.isPresent(
            "io.micrometer.observation.ObservationRegistry", getClass().getClassLoader());
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Application.class)) {
      Quotes quotes = context.getBean(Quotes.class);
      CompletableFuture<String> first = quotes.future("ACME");
      CompletableFuture<String> second = quotes.future("ACME");
      CompletableFuture<String> firstMono = quotes.mono("ACME").toFuture();
      CompletableFuture<String> secondMono = quotes.mono("ACME").toFuture();
      quotes.pending().complete("quote ACME");
      return List.of(
          observationAbsent,
          first.get(10, TimeUnit.SECONDS),
          second.get(10, TimeUnit.SECONDS),
          firstMono.get(10, TimeUnit.SECONDS),
          secondMono.get(10, TimeUnit.SECONDS),
          quotes.runs().get(),
          quotes.value("ACME"),
          quotes.name(7),
          context.getBean(CollapseMethods.class).list().size());
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class Application {

    @Bean
    Quotes quotes() {
      return new Quotes();
    }
  }

  /** The methods; their runs wait on {@link #pending}, which the application completes. */
  static class Quotes {

    // read through accessors: the bean the application holds is a proxy whose own fields are unset
    private final CompletableFuture<String> pending = new CompletableFuture<>();
    private final AtomicInteger runs = new AtomicInteger();

    CompletableFuture<String> pending() {
      return pending;
    }

    AtomicInteger runs() {
      return runs;
    }

    @Collapsible
    public CompletableFuture<String> future(String symbol) {
      runs.incrementAndGet();
      return pending.thenApply(quote -> quote);
    }

    @Collapsible
    public Mono<String> mono(String symbol) {
      return Mono.defer(
          () -> {
            runs.incrementAndGet();
            return Mono.fromFuture(pending.thenApply(quote -> quote));
          });
    }

    @Collapsible
    public String value(String symbol) {
      return "value " + symbol;
    }

    @CollapseBatch(batchMethod = "names")
    public String name(Integer id) {
      throw new UnsupportedOperationException("collapsed");
    }

    public Map<Integer, String> names(List<Integer> ids) {
      return ids.stream().collect(Collectors.toMap(id -> id, id -> "name " + id));
    }
  }
}
