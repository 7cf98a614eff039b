package io.github.collapseexecutor.spring.boot.autoconfigure.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.CollapsePolicy.ShareUncacheable;
import io.github.collapseexecutor.http.CollapseRules;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.http.adapter.CountingStats;
import io.github.collapseexecutor.micrometer.HttpCollapseStatsMeterBinder;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorDescriptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The adapters' counters in Micrometer: per adapter and per collapse group. */
class HttpCollapseStatsMeterBinderTest {

  private final HttpCollapseOptions options =
      HttpCollapseOptions.builder()
          .name("users-api")
          .group(CollapseGroup.ofUris("/users/*", "/teams/*").withName("people"))
          .group(CollapseGroup.ofRegexes("/orders/\\d+"))
          .build();
  private final CountingStats stats = new CountingStats(2);
  private final CollapseRules rules = new CollapseRules(options);
  private final MeterRegistry registry = new SimpleMeterRegistry();

  @Test
  void countsEachGroupsRequestsUnderItsNameAndTheAdaptersTotalsBesideThem() {
    CollapseExecutors executors = new CollapseExecutors();
    executors.register(CollapseExecutorDescriptor.builder("rest-template", options, stats).build());
    new CollapseExecutorsMeterBinder(executors).bindTo(registry);

    stats.led(key("/users/1"));
    stats.replayed(key("/users/1"));
    stats.replayed(key("/teams/7"));
    stats.led(key("/orders/42"));
    stats.fellBack(key("/orders/42"));
    stats.passedThrough(key("/elsewhere"));

    assertThat(groupCount("people", "led")).isEqualTo(1);
    assertThat(groupCount("people", "replayed")).isEqualTo(2);
    assertThat(groupCount("people", "fell-back")).isZero();
    assertThat(groupCount("/orders/\\d+", "led"))
        .as("a group is named after its first pattern")
        .isEqualTo(1);
    assertThat(groupCount("/orders/\\d+", "fell-back")).isEqualTo(1);
    assertThat(groupCount("/orders/\\d+", "passed-through")).isZero();
    assertThat(
            registry
                .get(HttpCollapseStatsMeterBinder.REQUESTS)
                .tag("executor", "users-api")
                .tag("outcome", "passed-through")
                .functionCounter()
                .count())
        .isEqualTo(1);
    assertThat(
            registry
                .get(HttpCollapseStatsMeterBinder.REQUESTS)
                .tag("executor", "users-api")
                .tag("outcome", "replayed")
                .functionCounter()
                .count())
        .isEqualTo(2);
  }

  @Test
  void countsRequestsThatGotNoSharedResponseByReason() {
    CollapseExecutors executors = new CollapseExecutors();
    executors.register(CollapseExecutorDescriptor.builder("rest-template", options, stats).build());
    new CollapseExecutorsMeterBinder(executors).bindTo(registry);

    stats.unshared(key("/users/1"), UnsharedReason.SET_COOKIE);
    stats.unshared(key("/users/1"), UnsharedReason.HIT_FOR_PASS);
    stats.unshared(key("/orders/42"), UnsharedReason.HIT_FOR_PASS);

    assertThat(
            registry
                .get(HttpCollapseStatsMeterBinder.UNSHARED)
                .tag("executor", "users-api")
                .tag("reason", "hit-for-pass")
                .functionCounter()
                .count())
        .isEqualTo(2);
    assertThat(
            registry
                .get(HttpCollapseStatsMeterBinder.GROUP_UNSHARED)
                .tag("group", "people")
                .tag("reason", "set-cookie")
                .functionCounter()
                .count())
        .isEqualTo(1);
    assertThat(
            registry
                .get(HttpCollapseStatsMeterBinder.UNSHARED)
                .tag("reason", "too-large")
                .functionCounter()
                .count())
        .isZero();
  }

  @Test
  void leavesOutTheReasonsTheConfigurationRulesOut() {
    CollapseExecutors executors = new CollapseExecutors();
    executors.register(
        CollapseExecutorDescriptor.builder(
                "rest-template",
                HttpCollapseOptions.builder()
                    .name("no-hit-for-pass")
                    .group(CollapseGroup.ofUris("/users/*"))
                    .hitForPassTtl(Duration.ZERO)
                    .build(),
                new CountingStats(1))
            .build());
    executors.register(
        CollapseExecutorDescriptor.builder(
                "servlet",
                HttpCollapseOptions.builder()
                    .name("never")
                    .group(CollapseGroup.ofUris("p", List.of("/users/*")))
                    .policy(
                        "p", CollapsePolicy.DEFAULT.withShareUncacheable(ShareUncacheable.NEVER))
                    .build(),
                new CountingStats(1))
            .build());
    new CollapseExecutorsMeterBinder(executors).bindTo(registry);

    assertThat(reasons("no-hit-for-pass"))
        .contains("set-cookie", "wait-timeout")
        .doesNotContain("hit-for-pass", "uncacheable", "not-recorded");
    assertThat(reasons("never")).contains("hit-for-pass", "uncacheable", "not-recorded");
  }

  @Test
  void anAdapterWithoutGroupsCountsOnlyRequestsThatPassedThrough() {
    CollapseExecutors executors = new CollapseExecutors();
    executors.register(
        CollapseExecutorDescriptor.builder(
                "okhttp", HttpCollapseOptions.builder().name("bare").build(), new CountingStats(0))
            .build());
    new CollapseExecutorsMeterBinder(executors).bindTo(registry);

    assertThat(
            registry
                .find(HttpCollapseStatsMeterBinder.REQUESTS)
                .tag("executor", "bare")
                .functionCounters())
        .singleElement()
        .satisfies(
            counter -> assertThat(counter.getId().getTag("outcome")).isEqualTo("passed-through"));
    assertThat(
            registry.find(HttpCollapseStatsMeterBinder.UNSHARED).tag("executor", "bare").meters())
        .isEmpty();
  }

  private List<String> reasons(String executor) {
    return registry
        .find(HttpCollapseStatsMeterBinder.UNSHARED)
        .tag("executor", executor)
        .meters()
        .stream()
        .map(meter -> meter.getId().getTag("reason"))
        .toList();
  }

  @Test
  void anExecutorRegisteredAfterBindingGetsItsGroupMetersToo() {
    CollapseExecutors executors = new CollapseExecutors();
    new CollapseExecutorsMeterBinder(executors).bindTo(registry);

    executors.register(CollapseExecutorDescriptor.builder("okhttp", options, stats).build());
    stats.led(key("/teams/3"));

    assertThat(groupCount("people", "led")).isEqualTo(1);
  }

  private double groupCount(String group, String outcome) {
    return registry
        .get(HttpCollapseStatsMeterBinder.GROUP_REQUESTS)
        .tag("executor", "users-api")
        .tag("group", group)
        .tag("outcome", outcome)
        .functionCounter()
        .count();
  }

  private CollapseKey key(String path) {
    return rules.keyFor(
        RequestTarget.builder("GET", URI.create("http://backend.test" + path))
            .headers(RequestHeaders.of(name -> List.of(), List::of))
            .build());
  }
}
