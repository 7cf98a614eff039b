package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.MethodDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import io.github.collapseexecutor.testing.annotation.Crowd;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * What the endpoint says an annotated method saved: the callers that joined a run and got a copy
 * of its result, the calls that ran the method themselves and why, and the median of a copy
 * against that of a run.
 */
@Timeout(60)
final class MethodSharingCountsTest {

  private static final int N = 6;

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseAnnotationAutoConfiguration.class,
                  CollapseEndpointAutoConfiguration.class))
          .withPropertyValues("management.endpoints.web.exposure.include=collapse")
          .withBean(Cards.class);

  @Test
  void countsTheCopiesJoinersGotAndTheCallsThatRanTheMethodByReason() {
    runner.run(
        context -> {
          CollapseEndpoint endpoint = context.getBean(CollapseEndpoint.class);
          Cards cards = context.getBean(Cards.class);

          List<Object> shared = cards.newCrowd().run(N, i -> cards.card(1));
          endpoint.switchCollapsing("Cards.card", false, null);
          for (int i = 0; i < N; i++) {
            cards.card(2);
          }

          assertThat(shared).containsOnly(new Card("card 1"));
          assertThat(cards.runs()).isEqualTo(1 + N);
          // the run is reported once its callers are settled, so it may trail their results
          long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
          while (card(endpoint).counts().runs() < 1) {
            assertThat(System.nanoTime() - deadline).as("the run reported").isNegative();
            Thread.yield();
          }
          MethodDescription card = card(endpoint);
          assertThat(card.counts().copied()).isEqualTo(N - 1);
          assertThat(card.counts().unshared()).isEqualTo(Map.of("switched-off", (long) N));
          assertThat(card.runMillisP50()).isNotNull().isPositive();
          assertThat(card.copyMillisP50()).isNotNull().isPositive();
        });
  }

  private static MethodDescription card(CollapseEndpoint endpoint) {
    return endpoint.collapse().namedExecutors().stream()
        .flatMap(executor -> executor.methods().stream())
        .filter(method -> method.name().equals("Cards.card"))
        .findFirst()
        .orElseThrow();
  }

  static class Cards {

    private final AtomicInteger runs = new AtomicInteger();
    private volatile Crowd crowd = new Crowd();

    Crowd newCrowd() {
      crowd = new Crowd();
      return crowd;
    }

    int runs() {
      return runs.get();
    }

    @Collapsible
    public Card card(long id) {
      runs.incrementAndGet();
      crowd.hold();
      return new Card("card " + id);
    }
  }

  /** A mutable result, which each caller that joined gets a copy of. */
  public static class Card {

    private List<String> lines = new ArrayList<>();

    public Card() {}

    Card(String line) {
      lines.add(line);
    }

    public List<String> getLines() {
      return lines;
    }

    public void setLines(List<String> lines) {
      this.lines = lines;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Card that && lines.equals(that.lines);
    }

    @Override
    public int hashCode() {
      return lines.hashCode();
    }
  }
}
