package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.github.collapseexecutor.core.CollapseListener.RunScope;
import io.github.collapseexecutor.core.CollapseListener.RunStart;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A listener whose run hooks throw, or whose {@code runStarted} returns {@code null}, is logged and
 * ignored: every caller gets what it would get with no listener, and the executor goes on. The
 * hazard is a throwable from a hook that runs before the work, leaving a batch with its slot held
 * and its callers waiting, or reaching the caller whose thread runs the work.
 */
@Timeout(30)
final class RunScopeFailureTest {

  private static final CollapseExecutorOptions NO_WAIT =
      CollapseExecutorOptions.builder().collectingWaitTime(CollapseExecutorOptions.NO_WAIT).build();

  /** Fails somewhere different in every run: its start, its return, its end, or a null scope. */
  private static final class ThrowingRuns implements CollapseListener {
    final AtomicInteger runs = new AtomicInteger();

    @Override
    public RunScope runStarted(RunStart run) {
      int n = runs.incrementAndGet();
      return switch (n % 4) {
        case 0 -> throw new AssertionError("runStarted error " + n);
        case 1 -> null;
        case 2 ->
            new RunScope() {
              @Override
              public void workReturned() {
                throw RunScopeFailureTest.<RuntimeException>sneaky(
                    new IOException("returned " + n));
              }
            };
        default ->
            new RunScope() {
              @Override
              public void ended(BatchReport report) {
                throw new IllegalStateException("ended " + n);
              }
            };
      };
    }
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> T sneaky(Throwable failure) throws T {
    throw (T) failure;
  }

  @ParameterizedTest
  @EnumSource(Flavour.class)
  void aBatchExecutorWhoseRunHooksThrowServesEveryCaller(Flavour flavour) throws Exception {
    ThrowingRuns listener = new ThrowingRuns();
    TestBackend backend = new TestBackend();
    try (var executor = flavour.create(NO_WAIT.toBuilder().listener(listener).build(), backend)) {
      for (int i = 0; i < 8; i++) {
        assertThat(executor.submit(i).get(10, TimeUnit.SECONDS)).isEqualTo("v" + i);
      }
      assertThat(listener.runs).hasValue(8);
      assertThat(backend.batches()).hasSize(8);
    }
  }

  @ParameterizedTest
  @EnumSource(SameKeyFlavour.class)
  void aSameKeyExecutorWhoseRunHooksThrowServesEveryCaller(SameKeyFlavour flavour)
      throws Exception {
    ThrowingRuns listener = new ThrowingRuns();
    try (var executor = flavour.create(listener)) {
      for (int i = 0; i < 8; i++) {
        String value = "r" + i;
        CompletableFuture<String> call = executor.submit("k", () -> value);
        assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo(value);
      }
      assertThat(listener.runs).hasValue(8);
    }
  }
}
