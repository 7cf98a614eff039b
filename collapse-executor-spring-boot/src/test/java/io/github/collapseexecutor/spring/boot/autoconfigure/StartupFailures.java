package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import org.springframework.boot.test.context.assertj.ApplicationContextAssertProvider;

/** Reads why a context failed to start. */
public final class StartupFailures {

  private StartupFailures() {}

  /** Returns the messages of the startup failure and every cause, one per line. */
  public static String messages(ApplicationContextAssertProvider<?> context) {
    assertThat(context).hasFailed();
    StringBuilder text = new StringBuilder();
    for (Throwable t = context.getStartupFailure(); t != null; t = t.getCause()) {
      text.append(t.getMessage()).append('\n');
    }
    return text.toString();
  }
}
