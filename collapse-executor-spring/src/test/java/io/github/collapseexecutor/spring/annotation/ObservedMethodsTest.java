package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.annotation.SharedResultsTest.Secretive;
import io.github.collapseexecutor.testing.HeldRound;
import io.github.collapseexecutor.testing.annotation.TestExecutors;
import io.github.collapseexecutor.testing.http.Concurrently;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.authentication.TestingAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * Observe mode of {@code @Collapsible} methods ({@link NamedExecutor#observeOnly()}): every call
 * runs the method itself, and the listener hears what collapse would have made of it. Each method
 * holds its calls until every call of the round is in it, so all of them are in progress at once:
 * all but the first would have joined.
 */
@Timeout(60)
final class ObservedMethodsTest {

  private static final int N = 50;

  @Test
  void equalCallsEachRunTheMethodAndAllButTheFirstWouldJoin() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Quotes quotes = context.getBean(Quotes.class);
      Heard heard = context.getBean(Heard.class);
      quotes.expect(N);

      List<String> results = Concurrently.run(N, () -> quotes.quote(7));

      assertThat(results).containsOnly("quote 7");
      assertThat(quotes.runs()).isEqualTo(N);
      heard.assertOneWouldBeRun("Quotes.quote", N);
      assertThat(heard.count("wouldSave")).isEqualTo(N - 1);
    }
  }

  @Test
  void callsOfDifferentCallersNeverCountAsJoins() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Quotes quotes = context.getBean(Quotes.class);
      Heard heard = context.getBean(Heard.class);
      quotes.expect(N);
      AtomicInteger next = new AtomicInteger();

      Concurrently.run(
          N,
          () -> {
            SecurityContextHolder.getContext()
                .setAuthentication(
                    new TestingAuthenticationToken("user-" + next.getAndIncrement(), null));
            try {
              return quotes.quote(8);
            } finally {
              SecurityContextHolder.clearContext();
            }
          });

      assertThat(quotes.runs()).isEqualTo(N);
      assertThat(heard.count("call")).isEqualTo(N);
      assertThat(heard.count("wouldJoin")).isZero();
      assertThat(heard.runs).hasSize(N).containsOnly(1);
    }
  }

  @Test
  void aResultNothingCopiesIsCountedUnderItsReasonNotAsASaving() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Quotes quotes = context.getBean(Quotes.class);
      Heard heard = context.getBean(Heard.class);
      quotes.expect(N);

      List<Secretive> results = Concurrently.run(N, () -> quotes.secret(9));

      assertThat(results).doesNotContainNull().doesNotHaveDuplicates();
      assertThat(quotes.runs()).isEqualTo(N);
      assertThat(heard.count("wouldJoin")).isEqualTo(N - 1);
      assertThat(heard.count("wouldSave")).isZero();
      assertThat(heard.count(OwnCall.MUTABLE.reason())).isEqualTo(N - 1);
    }
  }

  @Test
  void aFutureIsCountedWhenItCompletes() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Quotes quotes = context.getBean(Quotes.class);
      Heard heard = context.getBean(Heard.class);
      CompletableFuture<String> first = new CompletableFuture<>();
      CompletableFuture<String> second = new CompletableFuture<>();

      CompletableFuture<String> one = quotes.later(first);
      CompletableFuture<String> two = quotes.later(second);
      assertThat(heard.count("call")).isZero();
      second.complete("b");
      first.complete("a");

      assertThat(one).isSameAs(first);
      assertThat(two).isSameAs(second);
      assertThat(heard.count("call")).isEqualTo(2);
      assertThat(heard.count("wouldJoin")).isEqualTo(1);
      assertThat(heard.runs).containsExactly(2);
    }
  }

  @Test
  void batchedCallsEachRunTheMethodAndAllButTheFirstWouldShareABatch() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Quotes quotes = context.getBean(Quotes.class);
      Heard heard = context.getBean(Heard.class);
      quotes.expect(N);
      AtomicInteger next = new AtomicInteger();

      List<String> results = Concurrently.run(N, () -> quotes.batched(next.getAndIncrement()));

      assertThat(results).hasSize(N).doesNotHaveDuplicates().allMatch(r -> r.startsWith("one "));
      assertThat(quotes.runs()).isEqualTo(N);
      assertThat(quotes.batches()).as("the batch method is never called").isZero();
      heard.assertOneWouldBeRun("Quotes.batched", N);
    }
  }

  @Test
  void aMonoIsCountedPerSubscriptionWhenItEnds() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Quotes quotes = context.getBean(Quotes.class);
      Heard heard = context.getBean(Heard.class);
      Sinks.One<String> first = Sinks.one();
      Sinks.One<String> second = Sinks.one();

      Mono<String> one = quotes.reactive(first.asMono());
      Mono<String> two = quotes.reactive(second.asMono());
      assertThat(quotes.reactiveCalls()).as("the method runs when called").isEqualTo(2);
      CompletableFuture<String> oneAnswer = one.toFuture();
      CompletableFuture<String> twoAnswer = two.toFuture();
      assertThat(heard.count("call")).as("counted when it ends").isZero();
      second.tryEmitValue("b");
      first.tryEmitValue("a");

      assertThat(oneAnswer).isCompletedWithValue("a");
      assertThat(twoAnswer).isCompletedWithValue("b");
      assertThat(heard.count("call")).isEqualTo(2);
      assertThat(heard.count("wouldJoin")).isEqualTo(1);
      assertThat(heard.runs).containsExactly(2);

      assertThat(one.toFuture()).as("a later subscription is a call of its own").isDone();
      assertThat(heard.count("call")).isEqualTo(3);
      assertThat(heard.count("wouldJoin")).isEqualTo(1);
      assertThat(heard.runs).containsExactly(2, 1);
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class Services {

    @Bean
    Heard heard() {
      return new Heard();
    }

    @Bean
    NamedExecutors namedExecutors(Heard heard) {
      return TestExecutors.with(
          NamedExecutor.builder(
                  "observed", TestExecutors.options("observed").listener(heard).build())
              .observeOnly(true)
              .build());
    }

    @Bean
    Quotes quotes() {
      return new Quotes();
    }
  }

  /** What the listener heard of the observed calls. */
  static final class Heard implements CollapseListener {

    final Map<String, LongAdder> counts = new ConcurrentHashMap<>();
    final List<Integer> runs = new CopyOnWriteArrayList<>();
    final Map<String, Integer> keys = new ConcurrentHashMap<>();

    @Override
    public void callObserved(String executorName, boolean wouldJoin, @Nullable String unshared) {
      add("call");
      if (wouldJoin) {
        add("wouldJoin");
        add(unshared == null ? "wouldSave" : unshared);
      }
    }

    @Override
    public void runObserved(String executorName, String key, int callers) {
      runs.add(callers);
      keys.merge(key, callers, Integer::sum);
    }

    /**
     * Asserts that {@code callers} calls of {@code method} were heard, all but the first would
     * have joined, and they made one would-be run, shown as the method and a short hash.
     */
    void assertOneWouldBeRun(String method, int callers) {
      assertThat(count("call")).isEqualTo(callers);
      assertThat(count("wouldJoin")).isEqualTo(callers - 1);
      assertThat(runs).singleElement().isEqualTo(callers);
      assertThat(keys.keySet())
          .singleElement()
          .asString()
          .matches(Pattern.quote(method) + " #[0-9a-f]{6}");
    }

    long count(String what) {
      LongAdder count = counts.get(what);
      return count == null ? 0 : count.sum();
    }

    private void add(String what) {
      counts.computeIfAbsent(what, any -> new LongAdder()).increment();
    }
  }

  /** Methods that hold each call until every call of the round is in one. */
  static class Quotes {

    private final HeldRound round = new HeldRound();

    int runs() {
      return round.arrivals();
    }

    void expect(int calls) {
      round.expect(calls);
    }

    @Collapsible(executor = "observed")
    public String quote(int id) {
      round.arrive();
      return "quote " + id;
    }

    @Collapsible(executor = "observed")
    public Secretive secret(int id) {
      round.arrive();
      return new Secretive();
    }

    private final AtomicInteger reactiveCalls = new AtomicInteger();
    private final AtomicInteger batches = new AtomicInteger();

    int batches() {
      return batches.get();
    }

    @CollapseBatch(batchMethod = "batchOf", executor = "observed")
    public String batched(int id) {
      round.arrive();
      return "one " + id;
    }

    public List<String> batchOf(List<Integer> ids) {
      batches.incrementAndGet();
      return ids.stream().map(id -> "batch " + id).toList();
    }

    int reactiveCalls() {
      return reactiveCalls.get();
    }

    @Collapsible(executor = "observed", key = "'reactive'")
    public Mono<String> reactive(Mono<String> answer) {
      reactiveCalls.incrementAndGet();
      return answer;
    }

    @Collapsible(executor = "observed", key = "'later'")
    public CompletableFuture<String> later(CompletableFuture<String> answer) {
      return answer;
    }
  }
}
