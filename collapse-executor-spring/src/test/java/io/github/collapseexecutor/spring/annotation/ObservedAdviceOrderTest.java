package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.annotation.Crowd;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.annotation.Observed;
import io.micrometer.observation.aop.ObservedAspect;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.EnableAspectJAutoProxy;

/**
 * Micrometer's {@code @Observed}, an aspect of the default order, runs inside the collapse advice
 * ({@link CollapseAdviceOrder}): one observation per shared run, not one per caller.
 */
@Timeout(60)
final class ObservedAdviceOrderTest {

  @Test
  void anObservedMethodIsObservedOncePerSharedRun() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Reports reports = context.getBean(Reports.class);
      StartedObservations started = context.getBean(StartedObservations.class);

      List<Object> results = reports.crowd().run(40, i -> reports.report(5));

      assertThat(results).containsOnly("report 5");
      assertThat(reports.runs().get()).isEqualTo(1);
      assertThat(started.named("reports.report").get()).isEqualTo(1);
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableAspectJAutoProxy(proxyTargetClass = true)
  @EnableCollapsing
  static class Services {

    @Bean
    StartedObservations startedObservations() {
      return new StartedObservations();
    }

    @Bean
    ObservationRegistry observationRegistry(StartedObservations started) {
      ObservationRegistry registry = ObservationRegistry.create();
      registry.observationConfig().observationHandler(started);
      return registry;
    }

    @Bean
    ObservedAspect observedAspect(ObservationRegistry registry) {
      return new ObservedAspect(registry);
    }

    @Bean
    Reports reports() {
      return new Reports();
    }
  }

  /** Counts the observations started with one name. */
  static class StartedObservations implements ObservationHandler<Observation.Context> {

    private final Map<String, AtomicInteger> byName = new ConcurrentHashMap<>();

    AtomicInteger named(String name) {
      return byName.computeIfAbsent(name, any -> new AtomicInteger());
    }

    @Override
    public void onStart(Observation.Context context) {
      named(context.getName()).incrementAndGet();
    }

    @Override
    public boolean supportsContext(Observation.Context context) {
      return true;
    }
  }

  static class Reports {

    private final Crowd crowd = new Crowd();
    private final AtomicInteger runs = new AtomicInteger();

    Crowd crowd() {
      return crowd;
    }

    AtomicInteger runs() {
      return runs;
    }

    @Collapsible
    @Observed(name = "reports.report")
    public String report(int id) {
      runs.incrementAndGet();
      crowd.hold();
      return "report " + id;
    }
  }
}
