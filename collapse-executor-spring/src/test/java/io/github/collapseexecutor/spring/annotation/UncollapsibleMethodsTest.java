package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.testing.annotation.Collapsing;
import io.github.collapseexecutor.testing.annotation.TestExecutors;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.access.prepost.PostFilter;
import reactor.core.publisher.Flux;

/** Annotated methods that cannot be collapsed stop the application, naming method and reason. */
final class UncollapsibleMethodsTest {

  @Test
  void aVoidMethodStopsTheApplication() {
    assertThat(failure(Collapsing.class, VoidMethod.class))
        .contains("@Collapsible on VoidMethod.touch(String) cannot be collapsed: it returns void");
  }

  @Test
  void aFluxMethodStopsTheApplication() {
    assertThat(failure(Collapsing.class, FluxMethod.class))
        .contains(
            "@Collapsible on FluxMethod.all(String) cannot be collapsed: it returns a Flux; of the"
                + " reactive types only Mono can be collapsed");
  }

  @Test
  void aMethodWhosePostFilterWouldFilterTheSharedResultStopsTheApplication() {
    assertThat(failure(Collapsing.class, PostFiltered.class))
        .contains(
            "@Collapsible on PostFiltered.all(String) cannot be collapsed: @PostFilter filters the"
                + " returned collection in place");
  }

  @Test
  void aFinalMethodStopsTheApplication() {
    assertThat(failure(Collapsing.class, FinalMethod.class))
        .contains(
            "@Collapsible on FinalMethod.load(String) cannot be collapsed: it is final, so no proxy"
                + " can intercept its calls");
  }

  @Test
  void anUnknownExecutorStopsTheApplication() {
    assertThat(failure(Collapsing.class, UsersExecutor.class, UnknownExecutor.class))
        .contains(
            "@Collapsible on UnknownExecutor.load(String) cannot be collapsed: executor 'userz'"
                + " is not configured in collapse.executor.executors; configured: [default, users]");
  }

  @Test
  void aKeyThatDoesNotParseStopsTheApplication() {
    assertThat(failure(Collapsing.class, BadKey.class))
        .contains(
            "@Collapsible on BadKey.load(String) cannot be collapsed: key '#p0.' is not a valid"
                + " expression");
  }

  @Test
  void aBatchedMethodWithTwoArgumentsStopsTheApplication() {
    assertThat(failure(Collapsing.class, TwoArguments.class))
        .contains(
            "@CollapseBatch on TwoArguments.load(String, String) cannot be collapsed: it takes 2"
                + " arguments; a batched method takes exactly one");
  }

  @Test
  void aMissingBatchMethodStopsTheApplication() {
    assertThat(failure(Collapsing.class, MissingBatchMethod.class))
        .contains(
            "@CollapseBatch on MissingBatchMethod.load(String) cannot be collapsed: no method"
                + " 'loadAll' in MissingBatchMethod");
  }

  @Test
  void aBatchMethodReturningASetStopsTheApplication() {
    assertThat(failure(Collapsing.class, SetBatchMethod.class))
        .contains(
            "@CollapseBatch on SetBatchMethod.load(String) cannot be collapsed: batch method"
                + " SetBatchMethod.loadAll(List) returns Set; it must return a List in the order of"
                + " its arguments or a Map keyed by argument");
  }

  @Test
  void aBatchMethodTakingOtherArgumentsStopsTheApplication() {
    assertThat(failure(Collapsing.class, WrongElementType.class))
        .contains(
            "@CollapseBatch on WrongElementType.load(String) cannot be collapsed: batch method"
                + " WrongElementType.loadAll(List) takes a collection of Long, not of String");
  }

  @Test
  void aBatchMethodWithResultsOfAnotherTypeStopsTheApplication() {
    assertThat(failure(Collapsing.class, WrongResultType.class))
        .contains(
            "@CollapseBatch on WrongResultType.load(String) cannot be collapsed: batch method"
                + " WrongResultType.loadAll(List) returns Integer results, which"
                + " WrongResultType.load(String) cannot return as String");
  }

  /**
   * Returns the messages of the failure that stopped the application of {@code components}, and
   * of every cause, one per line.
   */
  static String failure(Class<?>... components) {
    Throwable failure =
        catchThrowable(() -> new AnnotationConfigApplicationContext(components).close());
    assertThat(failure).as("the application's startup failure").isNotNull();
    StringBuilder messages = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      messages.append(t.getMessage()).append('\n');
    }
    return messages.toString();
  }

  @Configuration(proxyBeanMethods = false)
  static class UsersExecutor {

    @Bean
    NamedExecutors namedExecutors() {
      return TestExecutors.with(
          NamedExecutor.builder("users", TestExecutors.options("users").maxBatchSize(10).build())
              .build());
    }
  }

  static class VoidMethod {
    @Collapsible
    public void touch(String id) {}
  }

  static class FluxMethod {
    @Collapsible
    public Flux<String> all(String id) {
      return Flux.just(id);
    }
  }

  static class PostFiltered {
    @Collapsible
    @PostFilter("filterObject != 'secret'")
    public List<String> all(String id) {
      return List.of(id);
    }
  }

  static class FinalMethod {
    @Collapsible
    public final String load(String id) {
      return id;
    }
  }

  static class UnknownExecutor {
    @Collapsible(executor = "userz")
    public String load(String id) {
      return id;
    }
  }

  static class BadKey {
    @Collapsible(key = "#p0.")
    public String load(String id) {
      return id;
    }
  }

  static class TwoArguments {
    @CollapseBatch(batchMethod = "loadAll")
    public String load(String id, String tenant) {
      return id;
    }

    public List<String> loadAll(List<String> ids) {
      return ids;
    }
  }

  static class MissingBatchMethod {
    @CollapseBatch(batchMethod = "loadAll")
    public String load(String id) {
      return id;
    }
  }

  static class SetBatchMethod {
    @CollapseBatch(batchMethod = "loadAll")
    public String load(String id) {
      return id;
    }

    public Set<String> loadAll(List<String> ids) {
      return Set.copyOf(ids);
    }
  }

  static class WrongElementType {
    @CollapseBatch(batchMethod = "loadAll")
    public String load(String id) {
      return id;
    }

    public List<String> loadAll(List<Long> ids) {
      return List.of();
    }
  }

  static class WrongResultType {
    @CollapseBatch(batchMethod = "loadAll")
    public String load(String id) {
      return id;
    }

    public Map<String, Integer> loadAll(List<String> ids) {
      return Map.of();
    }
  }
}
