package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One HTTP collapse executor.
 *
 * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
 */
@JsonPropertyOrder({
  "name",
  "integration",
  "traffic",
  "maxBodyBytes",
  "sensitiveHeaders",
  "sensitiveHeaderPatterns",
  "nonSensitiveHeaders",
  "waitTimeoutMillis",
  "hitForPassTtlMillis",
  "varyTtlMillis",
  "groups",
  "settings"
})
public final class ExecutorDescription {

  private final String name;
  private final String integration;
  private final Traffic traffic;
  private final int maxBodyBytes;
  private final List<String> sensitiveHeaders;
  private final List<String> sensitiveHeaderPatterns;
  private final List<String> nonSensitiveHeaders;
  private final long waitTimeoutMillis;
  private final long hitForPassTtlMillis;
  private final long varyTtlMillis;
  private final List<GroupDescription> groups;
  private final Map<String, Object> settings;

  ExecutorDescription(
      String name,
      String integration,
      Traffic traffic,
      int maxBodyBytes,
      List<String> sensitiveHeaders,
      List<String> sensitiveHeaderPatterns,
      List<String> nonSensitiveHeaders,
      long waitTimeoutMillis,
      long hitForPassTtlMillis,
      long varyTtlMillis,
      List<GroupDescription> groups,
      Map<String, Object> settings) {
    this.name = name;
    this.integration = integration;
    this.traffic = traffic;
    this.maxBodyBytes = maxBodyBytes;
    this.sensitiveHeaders = sensitiveHeaders;
    this.sensitiveHeaderPatterns = sensitiveHeaderPatterns;
    this.nonSensitiveHeaders = nonSensitiveHeaders;
    this.waitTimeoutMillis = waitTimeoutMillis;
    this.hitForPassTtlMillis = hitForPassTtlMillis;
    this.varyTtlMillis = varyTtlMillis;
    this.groups = groups;
    this.settings = settings;
  }

  /** Returns the executor's name. */
  @JsonProperty
  public String name() {
    return name;
  }

  /** Returns the section that configures it, as {@code rest-template} or {@code servlet}. */
  @JsonProperty
  public String integration() {
    return integration;
  }

  /** Returns the requests taken, which the JSON shows among this description's properties. */
  @JsonProperty
  @JsonUnwrapped
  public Traffic traffic() {
    return traffic;
  }

  /** Returns the largest body that is shared. */
  @JsonProperty
  public int maxBodyBytes() {
    return maxBodyBytes;
  }

  /** Returns the headers that always join the key. */
  @JsonProperty
  public List<String> sensitiveHeaders() {
    return sensitiveHeaders;
  }

  /** Returns the parts of a lower-case header name that make the header join the key too. */
  @JsonProperty
  public List<String> sensitiveHeaderPatterns() {
    return sensitiveHeaderPatterns;
  }

  /** Returns the headers that do not join the key although a pattern names them. */
  @JsonProperty
  public List<String> nonSensitiveHeaders() {
    return nonSensitiveHeaders;
  }

  /**
   * Returns how long a request waits for another's response before it goes on as if collapse were
   * off.
   */
  @JsonProperty
  public long waitTimeoutMillis() {
    return waitTimeoutMillis;
  }

  /** Returns how long a key whose response could not be shared skips collapse. */
  @JsonProperty
  public long hitForPassTtlMillis() {
    return hitForPassTtlMillis;
  }

  /**
   * Returns how long the request headers a key's response named in {@code Vary} are remembered for
   * the key; 0 when they are not.
   */
  @JsonProperty
  public long varyTtlMillis() {
    return varyTtlMillis;
  }

  /** Returns the collapse groups, in the order they are tried. */
  @JsonProperty
  public List<GroupDescription> groups() {
    return groups;
  }

  /** Returns what else configures it. */
  @JsonProperty
  public Map<String, Object> settings() {
    return settings;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof ExecutorDescription that
        && name.equals(that.name)
        && integration.equals(that.integration)
        && traffic.equals(that.traffic)
        && maxBodyBytes == that.maxBodyBytes
        && sensitiveHeaders.equals(that.sensitiveHeaders)
        && sensitiveHeaderPatterns.equals(that.sensitiveHeaderPatterns)
        && nonSensitiveHeaders.equals(that.nonSensitiveHeaders)
        && waitTimeoutMillis == that.waitTimeoutMillis
        && hitForPassTtlMillis == that.hitForPassTtlMillis
        && varyTtlMillis == that.varyTtlMillis
        && groups.equals(that.groups)
        && settings.equals(that.settings);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        name,
        integration,
        traffic,
        maxBodyBytes,
        sensitiveHeaders,
        sensitiveHeaderPatterns,
        nonSensitiveHeaders,
        waitTimeoutMillis,
        hitForPassTtlMillis,
        varyTtlMillis,
        groups,
        settings);
  }

  @Override
  public String toString() {
    return "ExecutorDescription[name="
        + name
        + ", integration="
        + integration
        + ", traffic="
        + traffic
        + ", maxBodyBytes="
        + maxBodyBytes
        + ", sensitiveHeaders="
        + sensitiveHeaders
        + ", sensitiveHeaderPatterns="
        + sensitiveHeaderPatterns
        + ", nonSensitiveHeaders="
        + nonSensitiveHeaders
        + ", waitTimeoutMillis="
        + waitTimeoutMillis
        + ", hitForPassTtlMillis="
        + hitForPassTtlMillis
        + ", varyTtlMillis="
        + varyTtlMillis
        + ", groups="
        + groups
        + ", settings="
        + settings
        + "]";
  }
}
