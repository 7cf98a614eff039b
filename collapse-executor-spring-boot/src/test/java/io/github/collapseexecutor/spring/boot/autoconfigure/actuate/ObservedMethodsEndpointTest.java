package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.micrometer.HttpCollapseStatsMeterBinder;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.NamedExecutorDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.RunCounts;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.metrics.CollapseMetricsAutoConfiguration;
import io.github.collapseexecutor.testing.HeldRound;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * {@code collapse.executor.mode: observe} reaches the annotated methods: every call runs the
 * method, and the endpoint and the meters show, per method, what collapse would have saved. The
 * method holds each call until all of the round are in it, so all but the first would have
 * joined.
 */
@Timeout(60)
final class ObservedMethodsEndpointTest {

  private static final int N = 50;

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseAnnotationAutoConfiguration.class,
                  CollapseMetricsAutoConfiguration.class,
                  CollapseEndpointAutoConfiguration.class))
          .withBean(SimpleMeterRegistry.class, SimpleMeterRegistry::new)
          .withPropertyValues(
              "management.endpoints.web.exposure.include=collapse",
              "collapse.executor.executors.quotes.max-batch-size=50")
          .withBean(QuoteService.class);

  @Test
  void theTopLevelModeMakesEveryMethodObserveAndTheEndpointAndMetersSayWhatItWouldSave() {
    runner
        .withPropertyValues("collapse.executor.mode=observe")
        .run(
            context -> {
              QuoteService quotes = context.getBean(QuoteService.class);
              quotes.expect(N);

              List<String> results = Concurrently.run(N, () -> quotes.quote(3));

              assertThat(results).containsOnly("quote 3");
              assertThat(quotes.runs()).isEqualTo(N);
              RunCounts counts = quotesExecutor(context.getBean(CollapseEndpoint.class)).counts();
              assertThat(counts.calls()).isEqualTo(N);
              assertThat(counts.runs()).isEqualTo(N);
              assertThat(counts.observed()).isNotNull();
              assertThat(counts.observed().wouldJoin()).isEqualTo(N - 1);
              assertThat(counts.observed().wouldSave()).isEqualTo(N - 1);
              assertThat(counts.observed().fanIn()).containsEntry("17-64", 1L);
              assertThat(counts.observed().topKeys())
                  .as("the one key, by method and hash, with its would-be joins")
                  .hasSize(1)
                  .allSatisfy(
                      (key, joins) -> {
                        assertThat(key).matches("QuoteService\\.quote #[0-9a-f]{6}");
                        assertThat(joins).isEqualTo(N - 1L);
                      });
              MeterRegistry registry = context.getBean(MeterRegistry.class);
              assertThat(
                      registry
                          .get(HttpCollapseStatsMeterBinder.OBSERVED_WOULD_JOIN)
                          .tag("executor", "QuoteService.quote")
                          .counter()
                          .count())
                  .isEqualTo(N - 1);
              assertThat(
                      registry
                          .get(HttpCollapseStatsMeterBinder.OBSERVED_FAN_IN)
                          .tag("callers", "64")
                          .counter()
                          .count())
                  .isEqualTo(1);
            });
  }

  @Test
  void aNamedExecutorsOwnModeOverridesTheTopLevelOne() {
    runner
        .withPropertyValues(
            "collapse.executor.mode=observe", "collapse.executor.executors.quotes.mode=collapse")
        .run(
            context -> {
              QuoteService quotes = context.getBean(QuoteService.class);

              assertThat(quotes.quote(4)).isEqualTo("quote 4");

              assertThat(
                      quotesExecutor(context.getBean(CollapseEndpoint.class)).counts().observed())
                  .isNull();
            });
  }

  private static NamedExecutorDescription quotesExecutor(CollapseEndpoint endpoint) {
    return endpoint.collapse().namedExecutors().stream()
        .filter(executor -> executor.name().equals("quotes"))
        .findFirst()
        .orElseThrow();
  }

  /** A method that holds each call until every call of the round is in it. */
  static class QuoteService {

    private final HeldRound round = new HeldRound();

    int runs() {
      return round.arrivals();
    }

    void expect(int calls) {
      round.expect(calls);
    }

    @Collapsible(executor = "quotes")
    public String quote(int id) {
      round.arrive();
      return "quote " + id;
    }
  }
}
