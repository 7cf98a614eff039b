package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.testing.annotation.Crowd;
import io.github.collapseexecutor.testing.annotation.TestExecutors;
import io.micrometer.context.ContextRegistry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.authentication.TestingAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import reactor.core.publisher.Mono;

/**
 * Which thread-bound context an annotated method runs under: the context of the caller whose
 * call started the run, also when the run starts on another thread, as a {@code Mono}'s does when
 * it is subscribed there. A thread-local of the test's own, registered with Micrometer's
 * context-propagation, stands for MDC and the like; Spring Security registers its own.
 */
@Timeout(60)
final class CallerContextTest {

  private static final String KEY = "test.request";
  private static final ThreadLocal<String> REQUEST = new ThreadLocal<>();

  @BeforeEach
  void registerTheRequestThreadLocal() {
    ContextRegistry.getInstance().registerThreadLocalAccessor(KEY, REQUEST);
  }

  @AfterEach
  void removeTheRequestThreadLocal() {
    ContextRegistry.getInstance().removeThreadLocalAccessor(KEY);
  }

  @Test
  void aMonoSubscribedOnAnotherThreadRunsTheMethodInTheContextOfTheCallThatMadeIt()
      throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Requests requests = context.getBean(Requests.class);

      Mono<String> collapsed = calledAs("alice", () -> requests.collapsed(1));
      Mono<String> direct = calledAs("alice", () -> requests.direct(1));

      // without collapse the body ran where the method was called; with it, at subscription
      assertThat(subscribedElsewhere(direct)).isEqualTo("1 for alice");
      assertThat(subscribedElsewhere(collapsed)).isEqualTo("1 for alice");
    }
  }

  @Test
  void aMonoSubscribedOnAnotherThreadRunsTheMethodWithTheCallersSecurityContext() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Requests requests = context.getBean(Requests.class);

      SecurityContextHolder.getContext()
          .setAuthentication(new TestingAuthenticationToken("alice", null, "ROLE_USER"));
      Mono<String> mono;
      try {
        mono = requests.principal(2);
      } finally {
        SecurityContextHolder.clearContext();
      }

      assertThat(subscribedElsewhere(mono)).isEqualTo("2 for alice");
    }
  }

  @Test
  void theThreadLocalsOfTheSubscribingThreadComeBackWhenTheMethodReturns() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Requests requests = context.getBean(Requests.class);

      Mono<String> mono = calledAs("alice", () -> requests.collapsed(3));

      String[] after = new String[1];
      String result =
          calledAs(
              "bob",
              () -> {
                String value = mono.block();
                after[0] = REQUEST.get();
                return value;
              });
      assertThat(result).isEqualTo("3 for alice");
      assertThat(after[0]).isEqualTo("bob");
    }
  }

  @Test
  void aBatchRunsWithTheThreadBoundContextOfTheFirstCallerOfItsBatch() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Requests requests = context.getBean(Requests.class);

      List<Object> results =
          requests.crowd().run(10, i -> calledAs("request-" + i, () -> requests.item(i)));

      for (int i = 0; i < 10; i++) {
        assertThat(results.get(i)).isEqualTo("item " + i);
      }
      assertThat(requests.batches())
          .hasSizeLessThan(10)
          .allSatisfy(
              batch -> assertThat(batch.request()).isEqualTo("request-" + batch.ids().get(0)));
    }
  }

  private static <T> T calledAs(String request, Supplier<T> call) {
    REQUEST.set(request);
    try {
      return call.get();
    } finally {
      REQUEST.remove();
    }
  }

  /** Subscribes to {@code mono} on a thread that has no context of the caller's. */
  private static String subscribedElsewhere(Mono<String> mono) throws Exception {
    return CompletableFuture.supplyAsync(mono::block, runnable -> new Thread(runnable).start())
        .get(10, TimeUnit.SECONDS);
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class Services {

    @Bean
    NamedExecutors namedExecutors() {
      return TestExecutors.with(
          NamedExecutor.builder(
                  "one-batch", TestExecutors.options("one-batch").maxConcurrentBatches(1).build())
              .build());
    }

    @Bean
    Requests requests() {
      return new Requests();
    }
  }

  /** What a batch method saw: its arguments, and the request on its thread. */
  record Batch(List<Integer> ids, String request) {}

  static class Requests {

    private final Crowd crowd = new Crowd();
    private final ConcurrentLinkedQueue<Batch> batches = new ConcurrentLinkedQueue<>();

    Crowd crowd() {
      return crowd;
    }

    ConcurrentLinkedQueue<Batch> batches() {
      return batches;
    }

    @Collapsible
    public Mono<String> collapsed(int id) {
      return direct(id);
    }

    public Mono<String> direct(int id) {
      return Mono.just(id + " for " + REQUEST.get());
    }

    @Collapsible
    public Mono<String> principal(int id) {
      return Mono.just(
          id + " for " + SecurityContextHolder.getContext().getAuthentication().getName());
    }

    @CollapseBatch(batchMethod = "items", executor = "one-batch")
    public String item(Integer id) {
      return items(List.of(id)).get(id);
    }

    public Map<Integer, String> items(List<Integer> ids) {
      batches.add(new Batch(new ArrayList<>(ids), REQUEST.get()));
      crowd.hold();
      Map<Integer, String> items = new LinkedHashMap<>();
      ids.forEach(id -> items.put(id, "item " + id));
      return items;
    }
  }
}
