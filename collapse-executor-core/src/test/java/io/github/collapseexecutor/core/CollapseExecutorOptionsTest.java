package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

final class CollapseExecutorOptionsTest {

  @Test
  void defaultsAreTheDocumentedOnes() {
    CollapseExecutorOptions options = CollapseExecutorOptions.defaults();
    assertThat(options.name()).isNull();
    assertThat(options.waitThreshold()).isEqualTo(10);
    assertThat(options.collectingWaitTime()).isEqualTo(CollapseExecutorOptions.NO_WAIT);
    assertThat(options.maxBatchSize()).isEqualTo(Integer.MAX_VALUE);
    assertThat(options.maxConcurrentBatches()).isEqualTo(16);
    assertThat(options.adaptiveConcurrency()).isTrue();
    assertThat(options.maxPendingInputs()).isEqualTo(Integer.MAX_VALUE);
    assertThat(options.inputGrouper()).isNull();
    assertThat(options.listener()).isSameAs(CollapseListener.NONE);
    assertThat(options.executor()).isNull();
  }

  @Test
  void badValuesAreRefusedWithTheSettingAndTheValue() {
    var builder = CollapseExecutorOptions.builder();
    assertThatThrownBy(() -> builder.maxBatchSize(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxBatchSize must be positive: 0");
    assertThatThrownBy(() -> builder.maxConcurrentBatches(-2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxConcurrentBatches must be positive: -2");
    assertThatThrownBy(() -> builder.maxPendingInputs(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxPendingInputs must be positive: 0");
    assertThatThrownBy(() -> builder.waitThreshold(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("waitThreshold must not be negative: -1");
    assertThatThrownBy(() -> builder.name(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("name must not be blank");
    assertThatThrownBy(() -> builder.collectingWaitTime(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("collectingWaitTime");
  }

  @Test
  void toBuilderKeepsEverySetting() {
    CollapseListener listener = new CollapseListener() {};
    CollapseExecutorOptions options =
        CollapseExecutorOptions.builder()
            .name("orders")
            .waitThreshold(3)
            .collectingWaitTime(Duration.ofMillis(2))
            .maxBatchSize(100)
            .maxConcurrentBatches(4)
            .adaptiveConcurrency(false)
            .maxPendingInputs(1000)
            .inputGrouper((String s) -> s.length())
            .listener(listener)
            .executor(Runnable::run)
            .build();
    CollapseExecutorOptions copy = options.toBuilder().build();
    assertThat(copy).usingRecursiveComparison().isEqualTo(options);
    assertThat(copy.toString())
        .contains("name=orders", "maxBatchSize=100", "adaptiveConcurrency=false");
  }

  @Test
  void anExecutorWithoutANameIsNamedAfterItsClass() {
    final class OrderWriter extends CollapseExecutorBlockingSupport<String, String, String> {
      @Override
      protected String doExecute(java.util.Collection<Input<String>> inputs) {
        return "";
      }

      @Override
      protected void bindingOutput(String output, java.util.List<Bundle<String, String>> bundles) {}
    }
    assertThat(new OrderWriter().name()).isEqualTo("OrderWriter");
    assertThat(new BlockingCallableGroupCollapseExecutor().name())
        .isEqualTo("BlockingCallableGroupCollapseExecutor");
  }
}
