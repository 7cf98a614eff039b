package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.testing.annotation.Crowd;
import io.github.collapseexecutor.testing.annotation.PendingFutures;
import io.github.collapseexecutor.testing.annotation.ProfileService;
import io.github.collapseexecutor.testing.annotation.TestExecutors;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.publisher.Mono;

@Timeout(60)
final class CollapsibleTest {

  @Test
  void twoHundredConcurrentCallsWithOneArgumentRunTheMethodOnce() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      ProfileService profiles = context.getBean(ProfileService.class);

      List<Object> results = profiles.crowd().run(200, i -> profiles.profile(7));

      assertThat(results).containsOnly("profile 7");
      assertThat(profiles.runs().get()).isEqualTo(1);
    }
  }

  @Test
  void callsWithDifferentArgumentsRunApart() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      ProfileService profiles = context.getBean(ProfileService.class);

      List<Object> results = profiles.crowd().run(10, i -> profiles.profile(i % 2));

      assertThat(results).filteredOn("profile 0"::equals).hasSize(5);
      assertThat(results).filteredOn("profile 1"::equals).hasSize(5);
      assertThat(profiles.runs().get()).isGreaterThanOrEqualTo(2);
    }
  }

  @Test
  void aKeyExpressionDecidesWhichCallsShareARun() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      ProfileService profiles = context.getBean(ProfileService.class);

      // the request id is left out of the key: every call shares the first one's run
      List<Object> results = profiles.crowd().run(20, i -> profiles.tagged(3, "request-" + i));

      assertThat(results).containsOnly("profile 3");
      assertThat(profiles.runs().get()).isEqualTo(1);
    }
  }

  @Test
  void everyCallerGetsTheCheckedExceptionTheMethodDeclares() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      ProfileService profiles = context.getBean(ProfileService.class);

      List<Object> results =
          profiles
              .crowd()
              .run(
                  20,
                  i -> {
                    try {
                      return profiles.failing(1);
                    } catch (IOException e) {
                      return e;
                    }
                  });

      assertThat(results)
          .hasSize(20)
          .allSatisfy(
              result ->
                  assertThat(result)
                      .isInstanceOf(IOException.class)
                      .hasFieldOrPropertyWithValue("message", "down"));
      assertThat(profiles.runs().get()).isEqualTo(1);
    }
  }

  @Test
  void callersOfAFutureMethodShareTheFirstCallersFuture() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      FutureService service = context.getBean(FutureService.class);

      List<CompletableFuture<String>> callers = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        callers.add(service.load(5));
      }
      service.pending().forEach(future -> future.complete("value 5"));

      assertThat(callers)
          .allSatisfy(caller -> assertThat(caller.get(10, TimeUnit.SECONDS)).isEqualTo("value 5"));
      assertThat(service.runs().get()).isEqualTo(1);
    }
  }

  @Test
  void subscribersOfAMonoMethodShareTheFirstSubscription() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      FutureService service = context.getBean(FutureService.class);

      List<CompletableFuture<String>> subscribers = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        subscribers.add(service.mono(9).toFuture());
      }
      service.pending().forEach(future -> future.complete("value 9"));

      assertThat(subscribers)
          .allSatisfy(
              subscriber -> assertThat(subscriber.get(10, TimeUnit.SECONDS)).isEqualTo("value 9"));
      assertThat(service.runs().get()).isEqualTo(1);
    }
  }

  @Test
  void aMonoIsCalledOnlyWhenSubscribed() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      FutureService service = context.getBean(FutureService.class);

      Mono<String> mono = service.mono(1);

      assertThat(service.runs().get()).isZero();
      mono.subscribe();
      assertThat(service.runs().get()).isEqualTo(1);
    }
  }

  @Test
  void theNamedExecutorsTimeoutEndsTheCallersWait() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      FutureService service = context.getBean(FutureService.class);

      CompletableFuture<String> caller = service.quick(1);

      assertThat(caller)
          .failsWithin(10, TimeUnit.SECONDS)
          .withThrowableThat()
          .havingCause()
          .isInstanceOf(TimeoutException.class);
      // the only caller left, so the work nobody waits for is cancelled, just after it left
      assertThat(service.pending())
          .singleElement()
          .satisfies(
              work ->
                  assertThat(work)
                      .failsWithin(10, TimeUnit.SECONDS)
                      .withThrowableThat()
                      .isInstanceOf(CancellationException.class));
    }
  }

  @Test
  void aCallFromInsideTheBeanIsNotCollapsed() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      ProfileService profiles = context.getBean(ProfileService.class);

      List<Object> results = profiles.crowd().run(5, i -> profiles.selfCall(2));

      assertThat(results).containsOnly("profile 2");
      assertThat(profiles.runs().get()).isEqualTo(5);
    }
  }

  @Test
  void onAClassItCollapsesThePublicMethodsThatReturnAValue() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class, CatalogService.class)) {
      CatalogService catalog = context.getBean(CatalogService.class);

      List<Object> results = catalog.crowd().run(50, i -> catalog.item("a"));
      catalog.touch();
      catalog.touch();

      assertThat(results).containsOnly("item a");
      assertThat(catalog.runs().get()).isEqualTo(1);
      assertThat(catalog.touches().get()).isEqualTo(2);
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class Services {

    @Bean
    NamedExecutors namedExecutors() {
      return TestExecutors.with(
          NamedExecutor.builder("quick", TestExecutors.options("quick").build())
              .timeout(Duration.ofMillis(50))
              .build());
    }

    @Bean
    ProfileService profileService() {
      return new ProfileService();
    }

    @Bean
    FutureService futureService() {
      return new FutureService();
    }
  }

  static class FutureService {

    private final PendingFutures pending = new PendingFutures();
    private final AtomicInteger runs = new AtomicInteger();

    PendingFutures pending() {
      return pending;
    }

    AtomicInteger runs() {
      return runs;
    }

    @Collapsible
    public CompletableFuture<String> load(int id) {
      runs.incrementAndGet();
      return pending.next();
    }

    @Collapsible
    public Mono<String> mono(int id) {
      return Mono.defer(
          () -> {
            runs.incrementAndGet();
            return Mono.fromFuture(pending.next());
          });
    }

    @Collapsible(executor = "quick")
    public CompletableFuture<String> quick(int id) {
      return pending.next();
    }
  }

  @Collapsible
  static class CatalogService {

    private final Crowd crowd = new Crowd();
    private final AtomicInteger runs = new AtomicInteger();
    private final AtomicInteger touches = new AtomicInteger();

    Crowd crowd() {
      return crowd;
    }

    AtomicInteger runs() {
      return runs;
    }

    AtomicInteger touches() {
      return touches;
    }

    public String item(String id) {
      runs.incrementAndGet();
      crowd.hold();
      return "item " + id;
    }

    public void touch() {
      touches.incrementAndGet();
    }
  }
}
