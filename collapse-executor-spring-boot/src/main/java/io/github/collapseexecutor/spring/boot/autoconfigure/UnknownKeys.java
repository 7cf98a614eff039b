package io.github.collapseexecutor.spring.boot.autoconfigure;

/**
 * What startup does with a {@code collapse.executor} key that no property binds, such as a typo
 * ({@code max-batch-sise}): the value of {@code collapse.executor.unknown-keys}.
 */
public enum UnknownKeys {

  /** Stop the application, naming each unknown key and the nearest known one. */
  FAIL,

  /** Log each unknown key at WARN and start; for configuration shared with other versions. */
  WARN,

  /** Start without looking. */
  IGNORE
}
