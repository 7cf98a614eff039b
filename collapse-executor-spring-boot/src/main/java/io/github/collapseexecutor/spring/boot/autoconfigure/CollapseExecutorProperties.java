package io.github.collapseexecutor.spring.boot.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code collapse.executor} configuration: the switch and the batch settings. The top-level
 * HTTP keys ({@code max-body-size}, the sensitive headers, the hit-for-pass and Vary tables) bind
 * to {@link HttpAdapterProperties}, each integration's section to its own {@link HttpSection}, the
 * named executors to {@link NamedExecutorProperties}.
 *
 * <p>These classes only hold what was bound; a key left unset is {@code null} and takes the
 * library's default. The values are checked once, at startup, by the builders of the options they
 * configure; a bad value stops the application with a failure analysis that names the key, the
 * value and the reason.
 */
@ConfigurationProperties("collapse.executor")
public class CollapseExecutorProperties extends BatchSettings {

  /** Whether collapse is enabled at all; false turns every section off. */
  private boolean enabled = true;

  /**
   * What startup does with a collapse.executor key that no property binds, such as a typo: fail,
   * warn (log it and start) or ignore.
   */
  private UnknownKeys unknownKeys = UnknownKeys.FAIL;

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public UnknownKeys getUnknownKeys() {
    return unknownKeys;
  }

  public void setUnknownKeys(UnknownKeys unknownKeys) {
    this.unknownKeys = unknownKeys;
  }

  /**
   * What an adapter does with the requests it takes: the value of {@code collapse.executor.mode},
   * and of each section's {@code mode}, which overrides it.
   */
  public enum Mode {

    /** Collapse identical requests in progress into one call. */
    COLLAPSE,

    /**
     * Collapse nothing: every request makes its own call as with the library off, and the adapter
     * counts what collapse would have saved, and why not more.
     */
    OBSERVE
  }

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
}
