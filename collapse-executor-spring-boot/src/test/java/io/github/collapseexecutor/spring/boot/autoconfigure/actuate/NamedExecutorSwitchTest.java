package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.NamedExecutorDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.RunCounts;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.SwitchDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import io.github.collapseexecutor.testing.http.Flipping;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The endpoint's write operation on a named executor: the annotated methods that use it run once
 * per call while it is off, and collapse again when it is on.
 */
@Timeout(60)
final class NamedExecutorSwitchTest {

  private static final int N = 6;

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseAnnotationAutoConfiguration.class,
                  CollapseEndpointAutoConfiguration.class))
          .withPropertyValues(
              "management.endpoints.web.exposure.include=collapse",
              "collapse.executor.executors.profiles.max-batch-size=50")
          .withBean(ProfileService.class);

  /** By the named executor's name, or the method's own, which its meters and events carry. */
  @ParameterizedTest
  @ValueSource(strings = {"profiles", "ProfileService.profile"})
  void switchedOffTheMethodRunsForEveryCallThenCollapsesWhenSwitchedOn(String name) {
    runner.run(
        context -> {
          CollapseEndpoint endpoint = context.getBean(CollapseEndpoint.class);
          ProfileService profiles = context.getBean(ProfileService.class);

          assertThat(endpoint.switchCollapsing(name, false, null))
              .containsExactly(new SwitchDescription(name, List.of(), false));
          assertThat(endpoint.collapse().collapsingOff())
              .containsExactly(new SwitchDescription(name, List.of(), false));
          assertThat(callTogether(profiles)).containsOnly("profile 7");
          assertThat(profiles.runs()).isEqualTo(N);

          endpoint.switchCollapsing(name, true, null);

          assertThat(endpoint.collapse().collapsingOff()).isEmpty();
          assertThat(callTogether(profiles)).containsOnly("profile 7");
          assertThat(profiles.runs()).isEqualTo(1);
        });
  }

  @Test
  void showsLiveCountsPerMethodAndPerNamedExecutor() {
    runner.run(
        context -> {
          CollapseEndpoint endpoint = context.getBean(CollapseEndpoint.class);
          ProfileService profiles = context.getBean(ProfileService.class);

          assertThat(callTogether(profiles)).containsOnly("profile 7");
          assertThat(profiles.runs()).isEqualTo(1);

          // the run is reported once its callers are settled, so it may trail their results
          RunCounts expected = RunCounts.of(N, 1, 0, 0, 0, 0, Map.of());
          long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
          while (!profilesExecutor(endpoint).counts().equals(expected)) {
            assertThat(System.nanoTime() - deadline).as("the run reported").isNegative();
            Thread.yield();
          }
          assertThat(profilesExecutor(endpoint).methods())
              .singleElement()
              .satisfies(
                  method -> {
                    assertThat(method.name()).isEqualTo("ProfileService.profile");
                    assertThat(method.counts()).isEqualTo(expected);
                  });
        });
  }

  private static NamedExecutorDescription profilesExecutor(CollapseEndpoint endpoint) {
    return endpoint.collapse().namedExecutors().stream()
        .filter(executor -> executor.name().equals("profiles"))
        .findFirst()
        .orElseThrow();
  }

  /**
   * Calls {@code profile(7)} on {@value #N} threads and lets the runs return only once every
   * thread waits: in a run of the method, or for another's run it joined.
   */
  private static List<String> callTogether(ProfileService profiles) throws Exception {
    profiles.hold();
    List<Thread> threads = new CopyOnWriteArrayList<>();
    ExecutorService pool =
        Executors.newFixedThreadPool(
            N,
            task -> {
              Thread thread = new Thread(task);
              threads.add(thread);
              return thread;
            });
    try {
      List<Future<String>> calls = new ArrayList<>();
      for (int i = 0; i < N; i++) {
        calls.add(pool.submit(() -> profiles.profile(7L)));
      }
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (threads.size() < N || !threads.stream().allMatch(NamedExecutorSwitchTest::waits)) {
        assertThat(System.nanoTime() - deadline).as("every caller waiting").isNegative();
        Thread.yield();
      }
      profiles.release();
      List<String> results = new ArrayList<>();
      for (Future<String> call : calls) {
        results.add(call.get(10, TimeUnit.SECONDS));
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }

  private static boolean waits(Thread thread) {
    Thread.State state = thread.getState();
    return state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING;
  }

  @Test
  void aGroupIsNotOneOfANamedExecutorsAndAnUnknownNameIsRefused() {
    runner.run(
        context -> {
          CollapseEndpoint endpoint = context.getBean(CollapseEndpoint.class);

          assertThatThrownBy(() -> endpoint.switchCollapsing("nobody", false, null))
              .isInstanceOf(InvalidEndpointRequestException.class)
              .hasMessageContaining("nobody")
              .hasMessageContaining("named executors: [default, profiles]")
              .hasMessageContaining("annotated methods: [ProfileService.profile]");
          assertThatThrownBy(() -> endpoint.switchCollapsing("profiles", false, "/user/*"))
              .isInstanceOf(InvalidEndpointRequestException.class)
              .hasMessageContaining("profiles");
          assertThat(endpoint.collapse().collapsingOff()).isEmpty();
        });
  }

  /**
   * Hazard: a call that reads the switch while it flips must return what the method returns,
   * whether it joined a shared run or ran alone.
   */
  @Test
  void switchingWhileCallsRunChangesNoResult() {
    runner.run(
        context -> {
          CollapseEndpoint endpoint = context.getBean(CollapseEndpoint.class);
          ProfileService profiles = context.getBean(ProfileService.class);

          List<List<String>> results =
              Flipping.whileRunning(
                  on -> endpoint.switchCollapsing("profiles", on, null),
                  N,
                  () -> {
                    List<String> mine = new ArrayList<>();
                    for (long i = 0; i < 200; i++) {
                      mine.add(profiles.profile(i % 3));
                    }
                    return mine;
                  });

          for (List<String> mine : results) {
            for (int i = 0; i < mine.size(); i++) {
              assertThat(mine.get(i)).isEqualTo("profile " + (i % 3));
            }
          }
        });
  }

  static class ProfileService {

    private final AtomicInteger runs = new AtomicInteger();
    private volatile CountDownLatch release = new CountDownLatch(0);

    /** Holds every run until {@link #release()}, and resets the count of runs. */
    void hold() {
      runs.set(0);
      release = new CountDownLatch(1);
    }

    void release() {
      release.countDown();
    }

    int runs() {
      return runs.get();
    }

    @Collapsible(executor = "profiles")
    public String profile(Long id) throws InterruptedException {
      runs.incrementAndGet();
      release.await(10, TimeUnit.SECONDS);
      return "profile " + id;
    }
  }
}
