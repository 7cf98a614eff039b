package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.spring.observation.MethodObserver;
import io.micrometer.context.ContextRegistry;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The seam through which a leader's run goes elsewhere ({@link LeaderRoutes}): the application's
 * route sees each leader's call as its local key holds it, may answer it without the method, and
 * the leader's observation says so; the methods it does not route run here, and an application
 * without routes refuses a method that asks for them.
 */
@Timeout(60)
final class LeaderRoutesTest {

  /** A thread-bound value the application propagates with context-propagation. */
  private static final ThreadLocal<@Nullable String> TENANT = new ThreadLocal<>();

  static {
    ContextRegistry.getInstance()
        .registerThreadLocalAccessor(LeaderRoutesTest.class.getName() + ".tenant", TENANT);
  }

  @Test
  void aRoutedLeaderTakesTheRoutesAnswerAndIsObservedAsServedElsewhere() {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Routed.class)) {
      Quotes quotes = context.getBean(Quotes.class);
      Elsewhere elsewhere = context.getBean(Elsewhere.class);
      Served served = context.getBean(Served.class);

      TENANT.set("acme");
      try {
        assertThat(quotes.routed("ACME")).isEqualTo("ACME from elsewhere");
      } finally {
        TENANT.remove();
      }

      assertThat(quotes.runs()).as("runs here").isZero();
      assertThat(elsewhere.calls)
          .singleElement()
          .satisfies(
              call -> {
                assertThat(call.bean()).isEqualTo("quotes");
                assertThat(call.key()).isEqualTo(new Object[] {"ACME"});
                assertThat(call.caller())
                    .asInstanceOf(InstanceOfAssertFactories.LIST)
                    .contains("acme");
                assertThat(call.sinceLastWrite()).isNull();
              });
      assertThat(served.count).hasValue(1);
    }
  }

  @Test
  void aRouteThatRunsHereIsObservedAsARunHere() {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Routed.class)) {
      Quotes quotes = context.getBean(Quotes.class);
      context.getBean(Elsewhere.class).answer = false;

      assertThat(quotes.routed("ACME")).isEqualTo("ACME here");

      assertThat(quotes.runs()).isEqualTo(1);
      assertThat(context.getBean(Served.class).count).hasValue(0);
    }
  }

  /**
   * A future's route may start the method on a thread of its own: the method then runs with the
   * thread-bound context of the caller that started the run, as the caller's own call would.
   */
  @Test
  void aFutureRouteStartsTheMethodElsewhereWithTheCallersContext() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Routed.class)) {
      Quotes quotes = context.getBean(Quotes.class);
      context.getBean(Elsewhere.class).answer = false;
      TENANT.set("acme");
      CompletableFuture<String> quote;
      try {
        quote = quotes.later("ACME");
      } finally {
        TENANT.remove();
      }

      assertThat(quote.get(30, TimeUnit.SECONDS)).isEqualTo("ACME here for acme");
      assertThat(context.getBean(Served.class).count).hasValue(0);
    }
  }

  @Test
  void aFutureRoutesAnswerIsObservedAsServedElsewhere() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Routed.class)) {
      Quotes quotes = context.getBean(Quotes.class);

      assertThat(quotes.later("ACME").get(30, TimeUnit.SECONDS)).isEqualTo("ACME from elsewhere");

      assertThat(quotes.runs()).isZero();
      assertThat(context.getBean(Served.class).count).hasValue(1);
    }
  }

  @Test
  void methodsTheRoutesLeaveAloneRunHere() {
    try (AnnotationConfigApplicationContext routed =
        new AnnotationConfigApplicationContext(Routed.class)) {
      assertThat(routed.getBean(Quotes.class).local("ACME")).isEqualTo("ACME here");
      assertThat(routed.getBean(Elsewhere.class).calls).isEmpty();
    }
  }

  /**
   * An application without routes that asks a method to collapse across instances is told at
   * startup how to route it, rather than left to collapse on its instance alone.
   */
  @Test
  void aMethodThatAsksForTheFleetWithoutRoutesStopsItsBean() {
    assertThatThrownBy(() -> new AnnotationConfigApplicationContext(Plain.class).close())
        .isInstanceOf(BeanCreationException.class)
        .rootCause()
        .isInstanceOf(MisconfiguredMethodException.class)
        .hasMessageStartingWith("@Collapsible on Quotes.")
        .hasMessageContaining("nothing routes its runs there")
        .satisfies(
            error ->
                assertThat(((MisconfiguredMethodException) error).action())
                    .contains("CollapsibleFleetConfiguration"));
  }

  @Test
  void aMethodTheRoutesRefuseStopsItsBean() {
    assertThatThrownBy(() -> new AnnotationConfigApplicationContext(Refused.class).close())
        .isInstanceOf(BeanCreationException.class)
        .rootCause()
        .isInstanceOf(MisconfiguredMethodException.class)
        .hasMessageStartingWith("@Collapsible on Quotes.")
        .hasMessageContaining("no route");
  }

  static class Quotes {

    final AtomicInteger runs = new AtomicInteger();

    @Collapsible(fleet = true)
    public String routed(String symbol) {
      runs.incrementAndGet();
      return symbol + " here";
    }

    @Collapsible(fleet = true)
    public CompletableFuture<String> later(String symbol) {
      runs.incrementAndGet();
      return CompletableFuture.completedFuture(symbol + " here for " + TENANT.get());
    }

    @Collapsible
    public String local(String symbol) {
      return symbol + " here";
    }

    public int runs() {
      return runs.get();
    }
  }

  /**
   * Routes the methods with {@code fleet} on: answers from elsewhere, or runs here on a thread of
   * its own.
   */
  static final class Elsewhere implements LeaderRoutes {

    final List<RoutedCall> calls = new CopyOnWriteArrayList<>();
    volatile boolean answer = true;

    @Override
    public @Nullable Route route(RoutedMethod method) {
      if (!method.collapsible().fleet()) {
        return null;
      }
      return new Route() {
        @Override
        public @Nullable Object run(RoutedCall call, Callable<@Nullable Object> here)
            throws Exception {
          calls.add(call);
          return answer ? symbol(call) + " from elsewhere" : here.call();
        }

        @Override
        public CompletableFuture<@Nullable Object> start(
            RoutedCall call, Supplier<CompletableFuture<@Nullable Object>> here) {
          calls.add(call);
          if (answer) {
            return CompletableFuture.completedFuture(symbol(call) + " from elsewhere");
          }
          // on a thread of its own, as a tier's client answers
          return CompletableFuture.supplyAsync(here).thenCompose(started -> started);
        }
      };
    }

    private static Object symbol(RoutedCall call) {
      return ((Object[]) Objects.requireNonNull(call.key()))[0];
    }
  }

  /** Counts the leaders observed as served by another instance. */
  static final class Served implements MethodObserver {

    final AtomicInteger count = new AtomicInteger();

    @Override
    public SameKeyCall sameKeyCall(String executorName, Object group) {
      return new SameKeyCall() {
        @Override
        public Callable<@Nullable Object> leading(Callable<@Nullable Object> run) {
          return run;
        }

        @Override
        public @Nullable Object returned(@Nullable Object result) {
          return result;
        }

        @Override
        public void failed(Throwable failure) {}

        @Override
        public void servedByAnotherInstance() {
          count.incrementAndGet();
        }
      };
    }

    @Override
    public FutureCall futureCall(String executorName, Object group) {
      return new FutureCall() {
        @Override
        public Callable<CompletableFuture<@Nullable Object>> leading(Start start) {
          return () -> start.start(null);
        }

        @Override
        public @Nullable BiConsumer<@Nullable Object, @Nullable Throwable> joined(
            CompletableFuture<@Nullable Object> future) {
          return null;
        }

        @Override
        public void timedOut() {}

        @Override
        public void servedByAnotherInstance() {
          count.incrementAndGet();
        }
      };
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class Plain {

    @Bean
    Quotes quotes() {
      return new Quotes();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Routed extends Plain {

    @Bean
    CallerIdentity tenant() {
      return TENANT::get;
    }

    @Bean
    Elsewhere elsewhere() {
      return new Elsewhere();
    }

    @Bean
    Served served() {
      return new Served();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Refused extends Plain {

    @Bean
    LeaderRoutes refusing() {
      return method -> {
        throw new MisconfiguredMethodException(
            "Collapsible", method.name(), "no route", "Route it.", null);
      };
    }
  }
}
