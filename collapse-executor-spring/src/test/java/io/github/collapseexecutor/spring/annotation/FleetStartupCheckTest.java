package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.RedisFleet;
import io.github.collapseexecutor.testing.LocalRedis;
import io.lettuce.core.RedisURI;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** A method that asks for the fleet tier where it cannot have it stops the application. */
@Timeout(60)
final class FleetStartupCheckTest {

  @Test
  void aFleetMethodWithoutAFleetBeanStopsTheApplication() {
    assertThatThrownBy(() -> new AnnotationConfigApplicationContext(NoCoordinator.class).close())
        .isInstanceOf(BeanCreationException.class)
        .rootCause().isInstanceOf(MisconfiguredMethodException.class)
        .hasMessageContaining("Quotes.quote(String)")
        .hasMessageContaining("there is no Fleet bean");
  }

  @Test
  void aFleetMethodReturningAFutureStopsTheApplication() {
    assertThatThrownBy(() -> new AnnotationConfigApplicationContext(FutureMethod.class).close())
        .isInstanceOf(BeanCreationException.class)
        .rootCause().isInstanceOf(MisconfiguredMethodException.class)
        .hasMessageContaining("returns a CompletableFuture");
  }

  @Test
  void aFleetMethodWhoseResultNothingWritesStopsTheApplication() {
    assertThatThrownBy(() -> new AnnotationConfigApplicationContext(ObjectResult.class).close())
        .isInstanceOf(BeanCreationException.class)
        .rootCause().isInstanceOf(MisconfiguredMethodException.class)
        .hasMessageContaining("nothing writes its results");
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class NoCoordinator {

    @Bean
    Quotes quotes() {
      return new Quotes();
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class WithCoordinator {

    /** On a port where no Redis listens: the check is made before any call. */
    @Bean(destroyMethod = "close")
    FleetCoordinator fleetCoordinator() throws Exception {
      return FleetCoordinator.connect(RedisURI.create("redis://127.0.0.1:"
          + LocalRedis.freePort()), FleetInstance.options().build());
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
  }

  static class ObjectQuotes {
    @Collapsible(fleet = true)
    public Object quote(String symbol) {
      return symbol;
    }
  }
}
