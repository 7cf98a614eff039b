package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.testing.annotation.Crowd;
import io.github.collapseexecutor.testing.annotation.TestExecutors;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.access.annotation.Secured;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.authentication.TestingAuthenticationToken;
import org.springframework.security.authorization.AuthorizationDeniedException;
import org.springframework.security.config.annotation.method.configuration.EnableMethodSecurity;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolder;
import reactor.core.publisher.Mono;

/**
 * Two users at once against annotated methods behind Spring Security's method security: no
 * caller gets a result it could not have had on its own, and one user's calls still collapse.
 */
@Timeout(60)
final class CallerSecurityTest {

  @Test
  void aDeniedCallerNeverJoinsAnAuthorizedCallersRun() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Reports reports = context.getBean(Reports.class);

      // caller 0 is the admin, whose run is held until the 39 users are parked or done
      List<Object> results =
          reports
              .crowd()
              .run(
                  40,
                  asUser(
                      i -> i == 0 ? "admin" : "user-" + i,
                      i -> i == 0 ? "ROLE_ADMIN" : "ROLE_USER",
                      i -> reports.adminReport(7)));

      assertThat(results.get(0)).isEqualTo("admin report 7");
      assertThat(results.subList(1, 40))
          .allSatisfy(
              result -> assertThat(result).isInstanceOf(AuthorizationDeniedException.class));
      assertThat(reports.runs().get()).isEqualTo(1);
    }
  }

  @Test
  void securedIsCheckedForEveryCallerToo() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Reports reports = context.getBean(Reports.class);

      List<Object> results =
          reports
              .crowd()
              .run(
                  20,
                  asUser(
                      i -> i == 0 ? "admin" : "user-" + i,
                      i -> i == 0 ? "ROLE_ADMIN" : "ROLE_USER",
                      i -> reports.securedReport(7)));

      assertThat(results.get(0)).isEqualTo("secured report 7");
      assertThat(results.subList(1, 20))
          .allSatisfy(
              result -> assertThat(result).isInstanceOf(AuthorizationDeniedException.class));
    }
  }

  @Test
  void callersOfOtherPrincipalsNeverShareARun() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Reports reports = context.getBean(Reports.class);

      List<Object> results =
          reports
              .crowd()
              .run(100, asUser(i -> "user-" + i % 4, i -> "ROLE_USER", i -> reports.mine(1)));

      for (int i = 0; i < 100; i++) {
        assertThat(results.get(i)).isEqualTo("item 1 of user-" + i % 4);
      }
    }
  }

  @Test
  void oneUsersCallsStillCollapse() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Reports reports = context.getBean(Reports.class);

      List<Object> results =
          reports.crowd().run(50, asUser(i -> "alice", i -> "ROLE_USER", i -> reports.mine(1)));

      assertThat(results).containsOnly("item 1 of alice");
      assertThat(reports.runs().get()).isEqualTo(1);
    }
  }

  @Test
  void aMethodDeclaredSharedAcrossCallersSharesAcrossUsers() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Reports reports = context.getBean(Reports.class);

      List<Object> results =
          reports
              .crowd()
              .run(40, asUser(i -> "user-" + i % 4, i -> "ROLE_USER", i -> reports.price(3)));

      assertThat(results).containsOnly("price 3");
      assertThat(reports.runs().get()).isEqualTo(1);
    }
  }

  @Test
  void aNamedExecutorDeclaredSharedAcrossCallersSharesAcrossUsers() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Reports reports = context.getBean(Reports.class);

      List<Object> results =
          reports
              .crowd()
              .run(40, asUser(i -> "user-" + i % 4, i -> "ROLE_USER", i -> reports.catalogue(3)));

      assertThat(results).containsOnly("catalogue 3");
      assertThat(reports.runs().get()).isEqualTo(1);
    }
  }

  @Test
  void aBatchRunsForOneUserAtATime() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Reports reports = context.getBean(Reports.class);

      List<Object> results =
          reports
              .crowd()
              .run(100, asUser(i -> "user-" + i % 4, i -> "ROLE_USER", i -> reports.item(i)));

      for (int i = 0; i < 100; i++) {
        assertThat(results.get(i)).isEqualTo("item " + i + " of user-" + i % 4);
      }
    }
  }

  @Test
  void oneUsersBatchedCallsStillShareBatches() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Reports reports = context.getBean(Reports.class);

      List<Object> results =
          reports.crowd().run(50, asUser(i -> "alice", i -> "ROLE_USER", i -> reports.item(i)));

      assertThat(results).allSatisfy(result -> assertThat((String) result).endsWith(" of alice"));
      // the first batch is held until the others queued, which then fill one or two batches
      assertThat(reports.batches().get()).isBetween(2, 5);
    }
  }

  @Test
  void aLoneReactiveCallerRunsTheMethodWithItsOwnContext() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Reports reports = context.getBean(Reports.class);

      Object name =
          reports
              .reactiveName(1)
              .contextWrite(
                  ReactiveSecurityContextHolder.withAuthentication(
                      new TestingAuthenticationToken("alice", null, "ROLE_USER")))
              .block(Duration.ofSeconds(10));

      assertThat(name).isEqualTo("1 for alice");
    }
  }

  @Test
  void reactiveCallersOfOtherPrincipalsNeverShareARun() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Reports reports = context.getBean(Reports.class);

      // waiting on a future, which the crowd sees as parked (block() waits on a lock)
      List<Object> results =
          reports
              .crowd()
              .run(
                  40,
                  i ->
                      join(
                          reports
                              .heldReactiveName(1)
                              .contextWrite(
                                  ReactiveSecurityContextHolder.withAuthentication(
                                      new TestingAuthenticationToken(
                                          "user-" + i % 4, null, "ROLE_USER")))
                              .toFuture()));

      for (int i = 0; i < 40; i++) {
        assertThat(results.get(i)).isEqualTo("1 for user-" + i % 4);
      }
    }
  }

  private static Object join(CompletableFuture<String> future) {
    try {
      return future.get(20, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Runs each call as the user {@code name(i)} with the one authority {@code role(i)}. */
  private static IntFunction<Object> asUser(
      IntFunction<String> name, IntFunction<String> role, IntFunction<Object> call) {
    return i -> {
      SecurityContextHolder.getContext()
          .setAuthentication(new TestingAuthenticationToken(name.apply(i), null, role.apply(i)));
      try {
        return call.apply(i);
      } finally {
        SecurityContextHolder.clearContext();
      }
    };
  }

  @Configuration(proxyBeanMethods = false)
  @EnableMethodSecurity(securedEnabled = true)
  @EnableCollapsing
  static class Services {

    @Bean
    NamedExecutors namedExecutors() {
      return TestExecutors.with(
          NamedExecutor.builder("catalogue", TestExecutors.options("catalogue").build())
              .sharedAcrossCallers(true)
              .build());
    }

    @Bean
    Reports reports() {
      return new Reports();
    }
  }

  static class Reports {

    private final Crowd crowd = new Crowd();
    private final AtomicInteger runs = new AtomicInteger();
    private final AtomicInteger batches = new AtomicInteger();

    Crowd crowd() {
      return crowd;
    }

    AtomicInteger runs() {
      return runs;
    }

    AtomicInteger batches() {
      return batches;
    }

    @Collapsible(sharedAcrossCallers = true)
    @PreAuthorize("hasRole('ADMIN')")
    public String adminReport(int id) {
      runs.incrementAndGet();
      crowd.hold();
      return "admin report " + id;
    }

    @Collapsible(sharedAcrossCallers = true)
    @Secured("ROLE_ADMIN")
    public String securedReport(int id) {
      crowd.hold();
      return "secured report " + id;
    }

    @Collapsible
    public String mine(int id) {
      runs.incrementAndGet();
      crowd.hold();
      return "item " + id + " of " + currentUser();
    }

    @Collapsible(sharedAcrossCallers = true)
    public String price(int id) {
      runs.incrementAndGet();
      crowd.hold();
      return "price " + id;
    }

    @Collapsible(executor = "catalogue")
    public String catalogue(int id) {
      runs.incrementAndGet();
      crowd.hold();
      return "catalogue " + id;
    }

    @CollapseBatch(batchMethod = "items")
    public String item(Integer id) {
      return items(List.of(id)).get(id);
    }

    public Map<Integer, String> items(Collection<Integer> ids) {
      batches.incrementAndGet();
      crowd.hold();
      Map<Integer, String> items = new LinkedHashMap<>();
      ids.forEach(id -> items.put(id, "item " + id + " of " + currentUser()));
      return items;
    }

    @Collapsible
    public Mono<String> reactiveName(int id) {
      return ReactiveSecurityContextHolder.getContext()
          .map(security -> id + " for " + security.getAuthentication().getName());
    }

    @Collapsible
    public Mono<String> heldReactiveName(int id) {
      crowd.hold();
      return reactiveName(id);
    }

    private static String currentUser() {
      return SecurityContextHolder.getContext().getAuthentication().getName();
    }
  }
}
