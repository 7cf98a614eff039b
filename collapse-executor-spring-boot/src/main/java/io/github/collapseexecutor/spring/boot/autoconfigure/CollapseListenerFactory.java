package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.core.CollapseListener;

/**
 * Supplies a {@link CollapseListener} for each executor that this auto-configuration creates.
 * Every bean of this type contributes one listener per executor, called in the beans' order; the
 * Micrometer binding is one, ordered first.
 *
 * <pre>{@code
 * @Bean
 * CollapseListenerFactory slowCollapseLog() {
 *   return integration -> new CollapseListener() {
 *     public void batchCompleted(BatchReport report) {
 *       if (report.executeNanos() > 1_000_000_000L) {
 *         log.warn("{} ({}) was slow", report.executorName(), integration);
 *       }
 *     }
 *   };
 * }
 * }</pre>
 */
@FunctionalInterface
public interface CollapseListenerFactory {

  /**
   * Returns the listener of one executor.
   *
   * @param integration what the executor serves: {@code rest-template}, {@code web-client},
   *     {@code okhttp}, {@code servlet}, or {@code core} for executors built from the
   *     {@code CollapseExecutorOptions} bean
   */
  CollapseListener create(String integration);
}
