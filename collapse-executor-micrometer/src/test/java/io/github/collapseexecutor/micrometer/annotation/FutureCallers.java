package io.github.collapseexecutor.micrometer.annotation;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import io.github.collapseexecutor.testing.Parking;
import io.github.collapseexecutor.testing.annotation.Collapsing;
import io.github.collapseexecutor.testing.annotation.PendingFutures;
import io.github.collapseexecutor.testing.annotation.TestExecutors;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.contextpropagation.ObservationThreadLocalAccessor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

/**
 * {@code @Collapsible} methods returning a future, a stage or a {@code Mono}, whose runs last
 * until the test ends them, called from many threads at once, each caller inside an observation of
 * its own: the one current on its thread for a future, the one in its Reactor context for a
 * {@code Mono}.
 */
final class FutureCallers {

  /** How each return kind is called; every caller gets a future it can wait on. */
  enum Kind {
    FUTURE {
      @Override
      CompletableFuture<Object> call(PendingService service, int id, Observation observation) {
        return service.future(id).thenApply(value -> value);
      }
    },
    STAGE {
      @Override
      CompletableFuture<Object> call(PendingService service, int id, Observation observation) {
        return service.stage(id).toCompletableFuture().thenApply(value -> value);
      }
    },
    MONO {
      @Override
      CompletableFuture<Object> call(PendingService service, int id, Observation observation) {
        return subscribed(service.mono(id), observation);
      }
    };

    /**
     * Calls the method with the caller's {@code observation} current on this thread, and for a
     * {@code Mono} in its Reactor context.
     */
    abstract CompletableFuture<Object> call(
        PendingService service, int id, Observation observation);
  }

  /** One caller: its observation, still open, and its future of the run. */
  record Caller(Observation observation, CompletableFuture<Object> future) {

    /** Returns the value the caller got, or the failure, waiting 10 s at most. */
    Object outcome() {
      try {
        return future.get(10, TimeUnit.SECONDS);
      } catch (ExecutionException e) {
        return e.getCause();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }

  private FutureCallers() {}

  /**
   * Starts a context with a {@link PendingService}; its {@code quick} methods time out after 2 s,
   * and every report of their executor reaches {@code listener}. Each caller's time runs from its
   * own call, and a run that every caller left is abandoned, so the next caller starts a run of
   * its own: the callers of a test share one run only if none comes later than the timeout after
   * the one before it, which a thread of a loaded machine, or a pause of the whole JVM, may
   * approach with a few hundred milliseconds.
   */
  static AnnotationConfigApplicationContext start(
      ObservationRegistry registry, CollapseListener listener) {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context.register(Collapsing.class);
    context.registerBean(MethodObserver.class, () -> ObservedCallers.observer(registry, null));
    context.registerBean(
        NamedExecutors.class,
        () ->
            TestExecutors.with(
                NamedExecutor.builder(
                        NamedExecutors.DEFAULT,
                        TestExecutors.options(NamedExecutors.DEFAULT).listener(listener).build())
                    .build(),
                NamedExecutor.builder(
                        "quick", TestExecutors.options("quick").listener(listener).build())
                    .timeout(Duration.ofSeconds(2))
                    .build()));
    context.registerBean(PendingService.class, PendingService::new);
    context.refresh();
    return context;
  }

  /**
   * Makes {@code n} calls at once from as many threads, each inside a started observation of its
   * own, and returns them once every call got its future.
   */
  @SuppressWarnings("try") // the scope makes the caller's observation current for its call
  static List<Caller> call(ObservationRegistry registry, int n, Call call) {
    CountDownLatch start = new CountDownLatch(1);
    CountDownLatch called = new CountDownLatch(n);
    Caller[] callers = new Caller[n];
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int index = i;
      Thread thread =
          new Thread(
              () -> {
                Parking.await(start);
                Observation observation = Observation.start(ObservedCallers.NAME, registry);
                try (Observation.Scope scope = observation.openScope()) {
                  callers[index] = new Caller(observation, call.call(index, observation));
                } finally {
                  called.countDown();
                }
              });
      thread.start();
      threads.add(thread);
    }
    start.countDown();
    Parking.await(called);
    return List.of(callers);
  }

  /** Stops every caller's observation. */
  static void stop(List<Caller> callers) {
    callers.forEach(caller -> caller.observation().stop());
  }

  /** One call, made inside the caller's observation. */
  @FunctionalInterface
  interface Call {
    CompletableFuture<Object> call(int index, Observation observation);
  }

  static class PendingService {

    // read through accessors: the bean the test holds is a proxy whose own fields are unset
    private final PendingFutures pending = new PendingFutures();
    private final AtomicInteger runs = new AtomicInteger();
    private final AtomicBoolean monoCancelled = new AtomicBoolean();
    private final AtomicReference<Object> monoObservation = new AtomicReference<>();

    PendingFutures pending() {
      return pending;
    }

    AtomicInteger runs() {
      return runs;
    }

    AtomicBoolean monoCancelled() {
      return monoCancelled;
    }

    /** The observation current in the Reactor context of the last run of a Mono method. */
    AtomicReference<Object> monoObservation() {
      return monoObservation;
    }

    @Collapsible
    public CompletableFuture<String> future(int id) {
      runs.incrementAndGet();
      return pending.next();
    }

    @Collapsible
    public CompletionStage<String> stage(int id) {
      runs.incrementAndGet();
      return pending.next();
    }

    @Collapsible
    public Mono<String> mono(int id) {
      return Mono.deferContextual(
              context -> {
                runs.incrementAndGet();
                monoObservation.set(context.getOrDefault(ObservationThreadLocalAccessor.KEY, null));
                return Mono.fromFuture(pending.next());
              })
          .doOnCancel(() -> monoCancelled.set(true));
    }

    @Collapsible(executor = "quick")
    public CompletableFuture<String> quickFuture(int id) {
      return pending.next();
    }

    @Collapsible(executor = "quick")
    public Mono<String> quickMono(int id) {
      return Mono.fromFuture(pending.next());
    }
  }

  /** Returns {@code mono} subscribed to inside {@code observation}, in its Reactor context. */
  static CompletableFuture<Object> subscribed(Mono<?> mono, Observation observation) {
    return mono.<Object>map(value -> value)
        .contextWrite(Context.of(ObservationThreadLocalAccessor.KEY, observation))
        .toFuture();
  }
}
