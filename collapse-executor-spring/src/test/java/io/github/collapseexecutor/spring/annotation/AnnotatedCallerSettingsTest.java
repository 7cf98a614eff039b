package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.Parking;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * The run of an annotated method belongs to no caller: the caller that started it leaves alone,
 * by cancelling its future, disposing of its subscription or being interrupted, and the 20
 * callers that joined it get their answer.
 */
@Timeout(60)
final class AnnotatedCallerSettingsTest {

  private static final int JOINERS = 20;

  @Test
  void theCallersThatJoinedAFutureWhoseFirstCallerCancelsGetTheValue() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      PendingService service = context.getBean(PendingService.class);
      CompletableFuture<String> first = service.future(1);
      List<CompletableFuture<String>> joiners = new ArrayList<>();
      for (int i = 0; i < JOINERS; i++) {
        joiners.add(service.future(1));
      }

      first.cancel(/* mayInterruptIfRunning= */ true);
      service.pending().complete("value 1");

      for (CompletableFuture<String> joiner : joiners) {
        assertThat(joiner.get(10, TimeUnit.SECONDS)).isEqualTo("value 1");
      }
      assertThat(service.runs().get()).isEqualTo(1);
    }
  }

  @Test
  void theSubscribersThatJoinedAMonoWhoseFirstSubscriberLeavesGetTheValue() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      PendingService service = context.getBean(PendingService.class);
      Disposable first = service.mono(1).subscribe();
      List<CompletableFuture<String>> joiners = new ArrayList<>();
      for (int i = 0; i < JOINERS; i++) {
        joiners.add(service.mono(1).toFuture());
      }

      first.dispose();
      service.pending().complete("value 1");

      for (CompletableFuture<String> joiner : joiners) {
        assertThat(joiner.get(10, TimeUnit.SECONDS)).isEqualTo("value 1");
      }
      assertThat(service.runs().get()).isEqualTo(1);
    }
  }

  @Test
  void theCallersThatJoinedARunWhoseCallerIsInterruptedGetTheValueOfARunOfTheirOwn()
      throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      BlockingService service = context.getBean(BlockingService.class);
      CompletableFuture<Object> first = new CompletableFuture<>();
      Thread leader = new Thread(() -> complete(first, () -> service.load(1)));
      leader.start();
      Parking.await(service.entered());
      List<Thread> threads = new ArrayList<>();
      List<CompletableFuture<Object>> joiners = new ArrayList<>();
      for (int i = 0; i < JOINERS; i++) {
        CompletableFuture<Object> joiner = new CompletableFuture<>();
        joiners.add(joiner);
        Thread thread = new Thread(() -> complete(joiner, () -> service.load(1)));
        threads.add(thread);
        thread.start();
      }
      Parking.awaitParked(threads);

      leader.interrupt();

      assertThat(first).failsWithin(10, TimeUnit.SECONDS);
      // the run a joiner took over is held until the others wait again
      Parking.await(service.retried());
      Parking.awaitParked(threads);
      service.release();
      for (CompletableFuture<Object> joiner : joiners) {
        assertThat(joiner.get(10, TimeUnit.SECONDS)).isEqualTo("value 1");
      }
      // how many runs the joiners make between them depends on when each wakes to go on
      assertThat(service.runs().get())
          .as("the interrupted run, then the joiners' own")
          .isGreaterThanOrEqualTo(2);
    }
  }

  private static void complete(CompletableFuture<Object> future, Callable<?> call) {
    try {
      future.complete(call.call());
    } catch (Throwable failure) {
      future.completeExceptionally(failure);
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class Services {

    @Bean
    PendingService pendingService() {
      return new PendingService();
    }

    @Bean
    BlockingService blockingService() {
      return new BlockingService();
    }
  }

  /** Its runs last until the test completes the one future they all return. */
  static class PendingService {

    private final CompletableFuture<String> pending = new CompletableFuture<>();
    private final AtomicInteger runs = new AtomicInteger();

    CompletableFuture<String> pending() {
      return pending;
    }

    AtomicInteger runs() {
      return runs;
    }

    @Collapsible
    public CompletableFuture<String> future(int id) {
      runs.incrementAndGet();
      return pending.copy();
    }

    @Collapsible
    public Mono<String> mono(int id) {
      return Mono.defer(
          () -> {
            runs.incrementAndGet();
            return Mono.fromFuture(pending.copy());
          });
    }
  }

  /**
   * Its first run waits until its thread is interrupted, its second until the test releases it,
   * and the next ones answer at once.
   */
  static class BlockingService {

    private final CountDownLatch entered = new CountDownLatch(1);
    private final CountDownLatch retried = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);
    private final CountDownLatch never = new CountDownLatch(1);
    private final AtomicInteger runs = new AtomicInteger();

    CountDownLatch entered() {
      return entered;
    }

    CountDownLatch retried() {
      return retried;
    }

    void release() {
      released.countDown();
    }

    AtomicInteger runs() {
      return runs;
    }

    @Collapsible
    public String load(int id) {
      int run = runs.incrementAndGet();
      try {
        if (run == 1) {
          entered.countDown();
          never.await(20, TimeUnit.SECONDS);
        } else if (run == 2) {
          retried.countDown();
          released.await(20, TimeUnit.SECONDS);
        }
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", interrupted);
      }
      return "value " + id;
    }
  }
}
