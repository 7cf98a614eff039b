package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.testing.annotation.Collapsing;
import io.github.collapseexecutor.testing.annotation.Crowd;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.constraints.Positive;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.validation.annotation.Validated;
import org.springframework.validation.beanvalidation.MethodValidationPostProcessor;

/**
 * Method validation is advice that runs per caller: with collapse, each caller's arguments are
 * validated as they are without it, and an invalid argument fails its own caller only, before it
 * joins a run or a batch. Were validation to run inside the collapse advice, a
 * {@code @CollapseBatch} caller's argument would reach the batch method unchecked, and a
 * {@code @Collapsible} caller whose key leaves an argument out would get the leader's result.
 */
@Timeout(60)
final class MethodValidationTest {

  @Test
  void aLoneInvalidCallFailsAsWithoutCollapse() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(
            Collapsing.class, PlainValidation.class, Services.class)) {
      Accounts accounts = context.getBean(Accounts.class);

      assertThatThrownBy(() -> accounts.account(-1))
          .isInstanceOf(ConstraintViolationException.class);
      assertThatThrownBy(() -> accounts.balance(5, -1))
          .isInstanceOf(ConstraintViolationException.class);
      assertThat(accounts.batches()).isEmpty();
      assertThat(accounts.runs().get()).isZero();
    }
  }

  @Test
  void anInvalidArgumentNeverReachesTheBatchMethodAndFailsOnlyItsCaller() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(
            Collapsing.class, PlainValidation.class, Services.class)) {
      Accounts accounts = context.getBean(Accounts.class);

      // every fifth caller asks for a negative id while a batch runs
      List<Object> results =
          accounts.crowd().run(20, i -> accounts.account(i % 5 == 4 ? -i : i + 1));

      for (int i = 0; i < 20; i++) {
        if (i % 5 == 4) {
          assertThat(results.get(i))
              .as("caller %d", i)
              .isInstanceOf(ConstraintViolationException.class);
        } else {
          assertThat(results.get(i)).as("caller %d", i).isEqualTo("account " + (i + 1));
        }
      }
      assertThat(accounts.batches())
          .isNotEmpty()
          .allSatisfy(batch -> assertThat(batch).allSatisfy(id -> assertThat(id).isPositive()));
    }
  }

  @Test
  void validationRegisteredBeforeOrAfterTheCollapseAdviceStillRunsPerCaller() throws Exception {
    for (boolean validationFirst : new boolean[] {true, false}) {
      Class<?>[] order =
          validationFirst
              ? new Class<?>[] {PlainValidation.class, Collapsing.class, Services.class}
              : new Class<?>[] {Collapsing.class, PlainValidation.class, Services.class};
      try (AnnotationConfigApplicationContext context =
          new AnnotationConfigApplicationContext(order)) {
        Accounts accounts = context.getBean(Accounts.class);

        List<Object> results = accounts.crowd().run(10, i -> accounts.account(i == 3 ? -3 : 1));

        assertThat(results.get(3))
            .as("validation registered first: %s", validationFirst)
            .isInstanceOf(ConstraintViolationException.class);
        assertThat(accounts.batches()).allSatisfy(batch -> assertThat(batch).containsOnly(1));
      }
    }
  }

  @Test
  void aCallerWhoseArgumentOutsideTheKeyIsInvalidDoesNotGetTheSharedResult() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(
            Collapsing.class, PlainValidation.class, Services.class)) {
      Accounts accounts = context.getBean(Accounts.class);

      // the key is the account alone; the odd callers send a negative currency scale
      List<Object> results =
          accounts.crowd().run(10, i -> accounts.balance(7, i % 2 == 1 ? -1 : 2));

      for (int i = 0; i < 10; i++) {
        if (i % 2 == 1) {
          assertThat(results.get(i))
              .as("caller %d", i)
              .isInstanceOf(ConstraintViolationException.class);
        } else {
          assertThat(results.get(i)).as("caller %d", i).isEqualTo("balance of 7");
        }
      }
      assertThat(accounts.runs().get()).isEqualTo(1);
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Services {

    @Bean
    Accounts accounts() {
      return new Accounts();
    }
  }

  /** Method validation as an application without Spring Boot registers it. */
  @Configuration(proxyBeanMethods = false)
  static class PlainValidation {

    @Bean
    static MethodValidationPostProcessor methodValidationPostProcessor() {
      return new MethodValidationPostProcessor();
    }
  }

  @Validated
  static class Accounts {

    private final Crowd crowd = new Crowd();
    private final Collection<List<Integer>> batches = new ConcurrentLinkedQueue<>();
    private final AtomicInteger runs = new AtomicInteger();

    Crowd crowd() {
      return crowd;
    }

    Collection<List<Integer>> batches() {
      return batches;
    }

    AtomicInteger runs() {
      return runs;
    }

    @CollapseBatch(batchMethod = "accounts")
    public String account(@Positive int id) {
      return accounts(List.of(id)).get(id);
    }

    public Map<Integer, String> accounts(List<Integer> ids) {
      batches.add(new ArrayList<>(ids));
      crowd.hold();
      Map<Integer, String> accounts = new LinkedHashMap<>();
      ids.forEach(id -> accounts.put(id, "account " + id));
      return accounts;
    }

    @Collapsible(key = "#p0")
    public String balance(int id, @Positive int scale) {
      runs.incrementAndGet();
      crowd.hold();
      return "balance of " + id;
    }
  }
}
