package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;

final class CollapseListenersTest {

  private final List<String> heard = new ArrayList<>();

  @Test
  void aListenerThatThrowsAnErrorDoesNotSilenceTheListenersAfterIt() {
    CollapseListener joined =
        joined(throwing(new AssertionError("listener bug")), recording("second"));

    joined.batchCompleted(BatchReport.builder("users").size(3).executeNanos(1_000).build());
    joined.callRejected("users");
    joined.callTimedOut("users");

    assertThat(heard)
        .containsExactly("second:batch:users", "second:rejected:users", "second:timed-out:users");
  }

  @Test
  void outOfMemoryIsThrownOnAfterEveryListenerHeardTheReport() {
    CollapseListener joined = joined(throwing(new OutOfMemoryError("test")), recording("second"));

    assertThatThrownBy(() -> joined.callRejected("users")).isInstanceOf(OutOfMemoryError.class);
    assertThat(heard).containsExactly("second:rejected:users");
  }

  private CollapseListener joined(CollapseListener... listeners) {
    DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
    for (int i = 0; i < listeners.length; i++) {
      CollapseListener listener = listeners[i];
      beans.registerSingleton("factory" + i, (CollapseListenerFactory) integration -> listener);
    }
    return CollapseListeners.of(beans.getBeanProvider(CollapseListenerFactory.class), "test");
  }

  private static CollapseListener throwing(Error error) {
    return new CollapseListener() {
      @Override
      public void batchCompleted(BatchReport report) {
        throw error;
      }

      @Override
      public void callRejected(String executorName) {
        throw error;
      }

      @Override
      public void callTimedOut(String executorName) {
        throw error;
      }
    };
  }

  private CollapseListener recording(String name) {
    return new CollapseListener() {
      @Override
      public void batchCompleted(BatchReport report) {
        heard.add(name + ":batch:" + report.executorName());
      }

      @Override
      public void callRejected(String executorName) {
        heard.add(name + ":rejected:" + executorName);
      }

      @Override
      public void callTimedOut(String executorName) {
        heard.add(name + ":timed-out:" + executorName);
      }
    };
  }
}
