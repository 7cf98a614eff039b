package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.security.access.prepost.PostFilter;
import reactor.core.publisher.Flux;

/** Annotated methods that cannot be collapsed stop the application, naming method and reason. */
final class UncollapsibleMethodsTest {

  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(CollapseExecutorAutoConfiguration.class,
          CollapseAnnotationAutoConfiguration.class));

  @Test
  void aVoidMethodStopsTheApplication() {
    runner.withBean(VoidMethod.class).run(context -> assertThat(failure(context)).contains(
        "@Collapsible on VoidMethod.touch(String) cannot be collapsed: it returns void"));
  }

  @Test
  void aFluxMethodStopsTheApplication() {
    runner.withBean(FluxMethod.class).run(context -> assertThat(failure(context)).contains(
        "@Collapsible on FluxMethod.all(String) cannot be collapsed: it returns a Flux; of the"
            + " reactive types only Mono can be collapsed"));
  }

  @Test
  void aMethodWhosePostFilterWouldFilterTheSharedResultStopsTheApplication() {
    runner.withBean(PostFiltered.class).run(context -> assertThat(failure(context)).contains(
        "@Collapsible on PostFiltered.all(String) cannot be collapsed: @PostFilter filters the"
            + " returned collection in place"));
  }

  @Test
  void aFinalMethodStopsTheApplication() {
    runner.withBean(FinalMethod.class).run(context -> assertThat(failure(context)).contains(
        "@Collapsible on FinalMethod.load(String) cannot be collapsed: it is final, so no proxy"
            + " can intercept its calls"));
  }

  @Test
  void anUnknownExecutorStopsTheApplication() {
    runner.withPropertyValues("collapse.executor.executors.users.max-batch-size=10")
        .withBean(UnknownExecutor.class).run(context -> assertThat(failure(context)).contains(
            "@Collapsible on UnknownExecutor.load(String) cannot be collapsed: executor 'userz'"
                + " is not configured in collapse.executor.executors; configured: [default,"
                + " users]"));
  }

  @Test
  void aKeyThatDoesNotParseStopsTheApplication() {
    runner.withBean(BadKey.class).run(context -> assertThat(failure(context)).contains(
        "@Collapsible on BadKey.load(String) cannot be collapsed: key '#p0.' is not a valid"
            + " expression"));
  }

  @Test
  void aBatchedMethodWithTwoArgumentsStopsTheApplication() {
    runner.withBean(TwoArguments.class).run(context -> assertThat(failure(context)).contains(
        "@CollapseBatch on TwoArguments.load(String, String) cannot be collapsed: it takes 2"
            + " arguments; a batched method takes exactly one"));
  }

  @Test
  void aMissingBatchMethodStopsTheApplication() {
    runner.withBean(MissingBatchMethod.class).run(context -> assertThat(failure(context))
        .contains("@CollapseBatch on MissingBatchMethod.load(String) cannot be collapsed:"
            + " no method 'loadAll' in MissingBatchMethod"));
  }

  @Test
  void aBatchMethodReturningASetStopsTheApplication() {
    runner.withBean(SetBatchMethod.class).run(context -> assertThat(failure(context)).contains(
        "@CollapseBatch on SetBatchMethod.load(String) cannot be collapsed: batch method"
            + " SetBatchMethod.loadAll(List) returns Set; it must return a List in the order of"
            + " its arguments or a Map keyed by argument"));
  }

  @Test
  void aBatchMethodTakingOtherArgumentsStopsTheApplication() {
    runner.withBean(WrongElementType.class).run(context -> assertThat(failure(context))
        .contains("@CollapseBatch on WrongElementType.load(String) cannot be collapsed: batch"
            + " method WrongElementType.loadAll(List) takes a collection of Long, not of"
            + " String"));
  }

  @Test
  void aBatchMethodWithResultsOfAnotherTypeStopsTheApplication() {
    runner.withBean(WrongResultType.class).run(context -> assertThat(failure(context))
        .contains("@CollapseBatch on WrongResultType.load(String) cannot be collapsed: batch"
            + " method WrongResultType.loadAll(List) returns Integer results, which"
            + " WrongResultType.load(String) cannot return as String"));
  }

  /** Returns the messages of the startup failure and every cause, one per line. */
  static String failure(AssertableApplicationContext context) {
    assertThat(context).hasFailed();
    StringBuilder messages = new StringBuilder();
    for (Throwable t = context.getStartupFailure(); t != null; t = t.getCause()) {
      messages.append(t.getMessage()).append('\n');
    }
    return messages.toString();
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
