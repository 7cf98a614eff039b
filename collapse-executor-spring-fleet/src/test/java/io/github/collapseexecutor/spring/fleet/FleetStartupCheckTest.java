package io.github.collapseexecutor.spring.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.RedisFleet;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.annotation.CollapseMethods;
import io.github.collapseexecutor.spring.annotation.CollapseMethods.CollapsedMethod;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.annotation.EnableCollapsing;
import io.github.collapseexecutor.spring.annotation.MisconfiguredMethodException;
import io.github.collapseexecutor.testing.LocalRedis;
import io.lettuce.core.RedisURI;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import reactor.core.publisher.Mono;

/** A method that asks for the fleet tier where it cannot have it stops the application. */
@Timeout(60)
final class FleetStartupCheckTest {

  @Test
  void aFleetMethodWithoutAFleetBeanStopsTheApplication() {
    assertThatThrownBy(() -> new AnnotationConfigApplicationContext(NoCoordinator.class).close())
        .isInstanceOf(BeanCreationException.class)
        .rootCause()
        .isInstanceOf(MisconfiguredMethodException.class)
        .hasMessageContaining("Quotes.quote(String)")
        .hasMessageContaining("there is no Fleet bean");
  }

  /** Methods returning a future, a stage or a {@code Mono} go through the fleet as well. */
  @Test
  void fleetMethodsReturningFuturesAndMonosStart() {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(FutureMethod.class)) {
      assertThat(context.getBean(CollapseMethods.class).list())
          .extracting(CollapsedMethod::method)
          .containsExactlyInAnyOrder(
              "FutureQuotes.mono(String)",
              "FutureQuotes.quote(String)",
              "FutureQuotes.stage(String)");
    }
  }

  @Test
  void aFleetFutureMethodWithoutAFleetBeanStopsTheApplication() {
    assertThatThrownBy(
            () -> new AnnotationConfigApplicationContext(FutureWithoutCoordinator.class).close())
        .isInstanceOf(BeanCreationException.class)
        .rootCause()
        .isInstanceOf(MisconfiguredMethodException.class)
        .hasMessageContaining("FutureQuotes.")
        .hasMessageContaining("there is no Fleet bean");
  }

  /** A named executor with {@code fleet} on takes its future and Mono methods along. */
  @Test
  void aFutureMethodOnAFleetExecutorWithoutAFleetBeanStopsTheApplication() {
    assertThatThrownBy(
            () ->
                new AnnotationConfigApplicationContext(FleetExecutorWithoutCoordinator.class)
                    .close())
        .isInstanceOf(BeanCreationException.class)
        .rootCause()
        .isInstanceOf(MisconfiguredMethodException.class)
        .hasMessageContaining("ExecutorFutureQuotes.quote(String)")
        .hasMessageContaining("there is no Fleet bean");
  }

  /** The value of a future or a Mono is what crosses: a future of Object has no codec. */
  @ParameterizedTest
  @ValueSource(classes = {ObjectFutureResult.class, ObjectMonoResult.class})
  void aFleetFutureMethodWhoseValueNothingWritesStopsTheApplication(Class<?> configuration) {
    assertThatThrownBy(() -> new AnnotationConfigApplicationContext(configuration).close())
        .isInstanceOf(BeanCreationException.class)
        .rootCause()
        .isInstanceOf(MisconfiguredMethodException.class)
        .hasMessageContaining("nothing writes its results (java.lang.Object)");
  }

  @Test
  void aFleetMethodWhoseResultNothingWritesStopsTheApplication() {
    assertThatThrownBy(() -> new AnnotationConfigApplicationContext(ObjectResult.class).close())
        .isInstanceOf(BeanCreationException.class)
        .rootCause()
        .isInstanceOf(MisconfiguredMethodException.class)
        .hasMessageContaining("nothing writes its results");
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  @Import(CollapsibleFleetConfiguration.class)
  static class NoCoordinator {

    @Bean
    Quotes quotes() {
      return new Quotes();
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  @Import(CollapsibleFleetConfiguration.class)
  static class WithCoordinator {

    /** On a port where no Redis listens: the check is made before any call. */
    @Bean(destroyMethod = "close")
    FleetCoordinator fleetCoordinator() throws Exception {
      return FleetCoordinator.connect(
          RedisURI.create("redis://127.0.0.1:" + LocalRedis.freePort()),
          FleetInstance.options().build());
    }

    @Bean
    Fleet fleet(FleetCoordinator coordinator) {
      return RedisFleet.of(coordinator);
    }
  }

  static class FutureMethod extends WithCoordinator {

    @Bean
    FutureQuotes quotes() {
      return new FutureQuotes();
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  @Import(CollapsibleFleetConfiguration.class)
  static class FutureWithoutCoordinator {

    @Bean
    FutureQuotes quotes() {
      return new FutureQuotes();
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  @Import(CollapsibleFleetConfiguration.class)
  static class FleetExecutorWithoutCoordinator {

    @Bean
    NamedExecutors namedExecutors() {
      return new NamedExecutors(
          Map.of(
              NamedExecutors.DEFAULT,
              NamedExecutor.builder(
                      NamedExecutors.DEFAULT, CollapseExecutorOptions.builder().build())
                  .fleet(true)
                  .build()));
    }

    @Bean
    ExecutorFutureQuotes quotes() {
      return new ExecutorFutureQuotes();
    }
  }

  static class ObjectFutureResult extends WithCoordinator {

    @Bean
    ObjectFutureQuotes quotes() {
      return new ObjectFutureQuotes();
    }
  }

  static class ObjectMonoResult extends WithCoordinator {

    @Bean
    ObjectMonoQuotes quotes() {
      return new ObjectMonoQuotes();
    }
  }

  static class ObjectResult extends WithCoordinator {

    @Bean
    ObjectQuotes quotes() {
      return new ObjectQuotes();
    }
  }

  static class Quotes {
    @Collapsible(fleet = true)
    public String quote(String symbol) {
      return symbol;
    }
  }

  static class FutureQuotes {
    @Collapsible(fleet = true)
    public CompletableFuture<String> quote(String symbol) {
      return CompletableFuture.completedFuture(symbol);
    }

    @Collapsible(fleet = true)
    public CompletionStage<String> stage(String symbol) {
      return CompletableFuture.completedFuture(symbol);
    }

    @Collapsible(fleet = true)
    public Mono<String> mono(String symbol) {
      return Mono.just(symbol);
    }
  }

  /** Through the fleet by its executor's {@code fleet} alone. */
  static class ExecutorFutureQuotes {
    @Collapsible
    public CompletableFuture<String> quote(String symbol) {
      return CompletableFuture.completedFuture(symbol);
    }
  }

  static class ObjectFutureQuotes {
    @Collapsible(fleet = true)
    public CompletableFuture<Object> quote(String symbol) {
      return CompletableFuture.completedFuture(symbol);
    }
  }

  static class ObjectMonoQuotes {
    @Collapsible(fleet = true)
    public Mono<Object> quote(String symbol) {
      return Mono.just(symbol);
    }
  }

  static class ObjectQuotes {
    @Collapsible(fleet = true)
    public Object quote(String symbol) {
      return symbol;
    }
  }
}
