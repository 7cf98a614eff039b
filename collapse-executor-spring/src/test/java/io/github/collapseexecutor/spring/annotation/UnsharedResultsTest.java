package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.spring.annotation.Library.Author;
import io.github.collapseexecutor.spring.annotation.SharedResultsTest.Secretive;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import io.github.collapseexecutor.testing.LoggedRecords;
import io.github.collapseexecutor.testing.annotation.Collapsing;
import io.github.collapseexecutor.testing.annotation.HeldService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.publisher.Mono;

/**
 * Callers that joined a run whose result nothing can hand over faithfully (a mutable object no
 * copier copies whole, an entity) make calls of their own, for every return kind and for a
 * batch's parts; the method is then called directly for a while, and collapses again after.
 */
@Timeout(60)
final class UnsharedResultsTest {

  @Test
  void callersThatJoinedARunWhoseResultNothingCopiesMakeCallsOfTheirOwn() throws Exception {
    try (AnnotationConfigApplicationContext context =
            new AnnotationConfigApplicationContext(Services.class, Collapsing.class);
        LoggedRecords logged = LoggedRecords.of(JoinerResults.class)) {
      Secrets secrets = context.getBean(Secrets.class);

      List<Object> results = secrets.crowd().run(8, i -> secrets.value(1));

      assertThat(secrets.runs().get()).as("the run, and each joiner's own").isEqualTo(8);
      assertThat(distinct(results)).isEqualTo(8);
      assertThat(logged.records())
          .filteredOn(record -> record.getLevel() == Level.WARNING)
          .singleElement()
          .extracting(record -> record.getMessage())
          .asString()
          .startsWith(
              "Secrets.value(int) returned a result holding "
                  + Secretive.class.getName()
                  + ", which a caller can change and nothing copies faithfully")
          .contains("Make it a record or otherwise immutable, or name a resultCopier.");
    }
  }

  @Test
  void callersThatJoinedAFutureOrAMonoMakeCallsOfTheirOwn() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class, Collapsing.class)) {
      Secrets secrets = context.getBean(Secrets.class);

      List<CompletableFuture<Secretive>> callers = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        callers.add(secrets.future(2));
        callers.add(secrets.mono(3).toFuture());
      }
      // the two shared runs complete; each joiner's own call completes at once
      secrets.pending().forEach(future -> future.complete(new Secretive()));

      List<Object> results = new ArrayList<>();
      for (CompletableFuture<Secretive> caller : callers) {
        results.add(caller.get(10, TimeUnit.SECONDS));
      }
      assertThat(distinct(results)).isEqualTo(8);
      assertThat(secrets.runs().get()).as("two runs, and each joiner's own call").isEqualTo(8);
    }
  }

  @Test
  void everyCallerOfABatchWhosePartHoldsAnEntityMakesASingleCallOfItsOwn() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class, Collapsing.class)) {
      Secrets secrets = context.getBean(Secrets.class);

      List<Object> results = secrets.crowd().run(6, i -> secrets.author((long) i));

      assertThat(results).allSatisfy(author -> assertThat(author).isInstanceOf(Author.class));
      assertThat(secrets.singles().get()).as("each caller's own single call").isEqualTo(6);
    }
  }

  @Test
  void aMethodWhoseResultWasNotHandedOverIsCalledDirectlyForAWhileThenCollapsesAgain() {
    AtomicLong now = new AtomicLong();
    JoinerResults results =
        new JoinerResults(
            "Secrets.value(int)",
            ResultCopies.NONE,
            () -> new SharedResults(null),
            new MethodReports("Secrets.value", MethodObserver.NONE, CollapseListener.NONE),
            now::get,
            Duration.ofSeconds(120));

    assertThat(results.passing()).isNull();
    assertThat(results.forJoiner(new Secretive())).isSameAs(OwnCall.MUTABLE);
    now.addAndGet(Duration.ofSeconds(119).toNanos());
    assertThat(results.passing()).isSameAs(OwnCall.MUTABLE);
    now.addAndGet(Duration.ofSeconds(2).toNanos());
    assertThat(results.passing()).isNull();
    assertThat(results.forJoiner("shared")).isEqualTo("shared");
  }

  private static int distinct(List<Object> results) {
    Set<Object> instances = Collections.newSetFromMap(new IdentityHashMap<>());
    instances.addAll(results);
    return instances.size();
  }

  @Configuration(proxyBeanMethods = false)
  static class Services {

    @Bean
    Secrets secrets() {
      return new Secrets();
    }
  }

  static class Secrets extends HeldService {

    private final AtomicInteger singles = new AtomicInteger();
    private final ConcurrentLinkedQueue<CompletableFuture<Secretive>> pending =
        new ConcurrentLinkedQueue<>();

    AtomicInteger singles() {
      return singles;
    }

    ConcurrentLinkedQueue<CompletableFuture<Secretive>> pending() {
      return pending;
    }

    @Collapsible
    public Secretive value(int id) {
      enter();
      return new Secretive();
    }

    @Collapsible
    public CompletableFuture<Secretive> future(int id) {
      runs().incrementAndGet();
      if (pending.size() < 2) {
        CompletableFuture<Secretive> future = new CompletableFuture<>();
        pending.add(future);
        return future;
      }
      return CompletableFuture.completedFuture(new Secretive());
    }

    @Collapsible
    public Mono<Secretive> mono(int id) {
      return Mono.defer(() -> Mono.fromFuture(future(id)));
    }

    @CollapseBatch(batchMethod = "authors")
    public Author author(Long id) {
      singles.incrementAndGet();
      return new Author(id, "author " + id);
    }

    public Map<Long, Author> authors(List<Long> ids) {
      crowd().hold();
      Map<Long, Author> authors = new LinkedHashMap<>();
      ids.forEach(id -> authors.put(id, new Author(id, "author " + id)));
      return authors;
    }
  }
}
