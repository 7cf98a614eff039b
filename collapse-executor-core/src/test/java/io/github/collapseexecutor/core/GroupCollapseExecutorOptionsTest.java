package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

final class GroupCollapseExecutorOptionsTest {

  @Test
  void defaultsAreTheDocumentedOnes() {
    GroupCollapseExecutorOptions options = GroupCollapseExecutorOptions.defaults();
    assertThat(options.name()).isNull();
    assertThat(options.listener()).isSameAs(CollapseListener.NONE);
    assertThat(options.executor()).isNull();
  }

  @Test
  void badValuesAreRefusedWhenSet() {
    var builder = GroupCollapseExecutorOptions.builder();
    assertThatThrownBy(() -> builder.name(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("name must not be blank");
    assertThatThrownBy(() -> builder.listener(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("listener");
    assertThatThrownBy(() -> builder.executor(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("executor");
  }

  @Test
  void toBuilderKeepsEverySetting() {
    GroupCollapseExecutorOptions options =
        GroupCollapseExecutorOptions.builder()
            .name("profiles")
            .listener(new CollapseListener() {})
            .executor(Runnable::run)
            .build();
    GroupCollapseExecutorOptions copy = options.toBuilder().build();
    assertThat(copy).usingRecursiveComparison().isEqualTo(options);
    assertThat(copy.toString()).contains("name=profiles");
  }

  @Test
  void classicConstructorsMeanTheSameOptions() {
    List<BatchReport> reports = new CopyOnWriteArrayList<>();
    CollapseListener listener =
        new CollapseListener() {
          @Override
          public void batchCompleted(BatchReport report) {
            reports.add(report);
          }
        };
    try (var classic = new BlockingCallableGroupCollapseExecutor("profiles", listener);
        var unnamed = new FutureCallableGroupCollapseExecutor(null, listener)) {
      assertThat(classic.execute("a", () -> 1)).isEqualTo(1);
      assertThat(classic.name()).isEqualTo("profiles");
      assertThat(unnamed.name()).isEqualTo("FutureCallableGroupCollapseExecutor");
    }
    assertThat(reports).extracting(BatchReport::executorName).containsExactly("profiles");
    assertThatThrownBy(() -> new AsyncCallableGroupCollapseExecutor("", listener))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("name must not be blank");
  }

  @Test
  void theAsyncFlavourRunsTheWorkOnTheExecutorOfItsOptions() throws Exception {
    ExecutorService pool =
        Executors.newSingleThreadExecutor(task -> new Thread(task, "profile-pool"));
    try (var executor =
        new AsyncCallableGroupCollapseExecutor(
            GroupCollapseExecutorOptions.builder().executor(pool).build())) {
      CompletableFuture<String> thread =
          executor.execute("a", () -> Thread.currentThread().getName());
      assertThat(thread.get(10, TimeUnit.SECONDS)).isEqualTo("profile-pool");
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void theAsyncBatchFlavourRunsBatchesOnTheExecutorOfItsOptions() throws Exception {
    ExecutorService pool =
        Executors.newSingleThreadExecutor(task -> new Thread(task, "batch-pool"));
    final class ThreadNames extends CollapseExecutorAsyncSupport<String, String, String> {
      ThreadNames() {
        super(CollapseExecutorOptions.builder().executor(pool).build());
      }

      @Override
      protected String doExecute(java.util.Collection<Input<String>> inputs) {
        return Thread.currentThread().getName();
      }

      @Override
      protected void bindingOutput(
          String thread, List<Bundle<String, CompletableFuture<String>>> bundles) {
        bundles.forEach(bundle -> bundle.bindOutput(CompletableFuture.completedFuture(thread)));
      }
    }
    try (var executor = new ThreadNames()) {
      assertThat(executor.execute("a").get(10, TimeUnit.SECONDS)).isEqualTo("batch-pool");
    } finally {
      pool.shutdownNow();
    }
  }
}
