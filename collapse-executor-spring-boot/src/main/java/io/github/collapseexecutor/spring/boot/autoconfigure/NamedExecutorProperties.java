package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.convert.DurationUnit;

/**
 * The {@code collapse.executor.executors} configuration: named settings for batch and same-key
 * executors, which {@code @Collapsible} and {@code @CollapseBatch} methods pick by name and code
 * reads from {@link NamedExecutors}. Each key left out is taken from the {@code default} entry,
 * then from the top-level key of the same name, then from the core's default.
 *
 * <p>Bad values stop the application at startup: each entry is checked by building its
 * {@link io.github.collapseexecutor.core.CollapseExecutorOptions}, and the failure analysis names
 * the key.
 */
@ConfigurationProperties("collapse.executor")
public class NamedExecutorProperties {

  /** Named executor settings; the 'default' entry is what the others inherit from. */
  private Map<String, Executor> executors = new LinkedHashMap<>();

  public Map<String, Executor> getExecutors() {
    return executors;
  }

  public void setExecutors(Map<String, Executor> executors) {
    this.executors = executors;
  }

  /** The settings of one named executor: the batch settings and a timeout; unset ones inherit. */
  public static class Executor extends BatchSettings {

    /**
     * How long a caller waits for its result before it fails with a timeout; no limit when not
     * set. The work goes on for the other callers.
     */
    @DurationUnit(ChronoUnit.MILLIS)
    private @Nullable Duration timeout;

    /**
     * Whether the annotated methods that use this executor share runs and batches across callers
     * that the application tells apart (other users, other tenants). Only for methods whose
     * results depend on nothing but their arguments; false when not set.
     */
    private @Nullable Boolean sharedAcrossCallers;

    /**
     * Name of the ResultCopier bean that gives each caller that joined another caller's run of
     * an annotated method a copy of the result, such as 'jacksonResultCopier'; none when not set.
     */
    private @Nullable String resultCopier;

    /**
     * Whether the @Collapsible methods that use this executor (returning a value, a future or a
     * Mono) also collapse across the instances of the application, through the fleet tier
     * (collapse.executor.fleet); false when not set.
     */
    private @Nullable Boolean fleet;

    public @Nullable Boolean getFleet() {
      return fleet;
    }

    public void setFleet(@Nullable Boolean fleet) {
      this.fleet = fleet;
    }

    public @Nullable String getResultCopier() {
      return resultCopier;
    }

    public void setResultCopier(@Nullable String resultCopier) {
      this.resultCopier = resultCopier;
    }

    public @Nullable Boolean getSharedAcrossCallers() {
      return sharedAcrossCallers;
    }

    public void setSharedAcrossCallers(@Nullable Boolean sharedAcrossCallers) {
      this.sharedAcrossCallers = sharedAcrossCallers;
    }

    public @Nullable Duration getTimeout() {
      return timeout;
    }

    public void setTimeout(@Nullable Duration timeout) {
      this.timeout = timeout;
    }

    /**
     * Sets on {@code executor} what this level sets of how the annotated methods that use it
     * share their runs, and leaves the rest as a more general level set it.
     */
    void applyTo(NamedExecutor.Builder executor) {
      if (sharedAcrossCallers != null) {
        executor.sharedAcrossCallers(sharedAcrossCallers);
      }
      if (resultCopier != null) {
        executor.resultCopier(resultCopier.isBlank() ? null : resultCopier);
      }
      if (fleet != null) {
        executor.fleet(fleet);
      }
    }
  }
}
