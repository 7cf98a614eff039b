package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import io.github.collapseexecutor.core.Incubating;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.convert.DurationUnit;
import org.springframework.util.unit.DataSize;

/**
 * The {@code collapse.executor.fleet} configuration: the fleet tier that collapses the calls of
 * {@code @Collapsible} methods that ask for it across every instance sharing one Redis. Set
 * {@code secret} to turn it on; each unset key takes the tier's default, and the tier logs in to
 * the application's Redis ({@code spring.data.redis}) as the application does unless
 * {@code username}, {@code password} or {@code database} say otherwise.
 */
@ConfigurationProperties("collapse.executor.fleet")
@Incubating
public class CollapseFleetProperties {

  /**
   * Secret every instance of the fleet shares, at least 32 bytes as UTF-8: it keys the digests
   * Redis sees and the encryption of results. The tier is off while it is not set.
   */
  private @Nullable String secret;

  /** Prefix of every Redis key and channel of the tier; fleets with other prefixes never meet. */
  private String keyPrefix = "collapse:fleet";

  /**
   * Longest wait for one Redis command before a call goes on as local collapse: what a slow or
   * unreachable Redis adds to a call at most.
   */
  @DurationUnit(ChronoUnit.MILLIS)
  private Duration coordinationTimeout = Duration.ofMillis(50);

  /**
   * Longest time a leading instance holds a key; longer than the slowest call, or a call that
   * outlives it may be made again by the next instance.
   */
  @DurationUnit(ChronoUnit.MILLIS)
  private Duration leaseTime = Duration.ofSeconds(10);

  /** How long a result stays in Redis for the instances that waited for it. */
  @DurationUnit(ChronoUnit.MILLIS)
  private Duration resultTtl = Duration.ofSeconds(10);

  /** Largest result shared through Redis, as stored; larger ones stay on their instance. */
  private DataSize maxValueSize = DataSize.ofKilobytes(256);

  /** Whether results are encrypted in Redis (AES-GCM, keyed from the secret). */
  private boolean encrypt = true;

  /** Time between two probes of Redis, which find it back after an outage. */
  @DurationUnit(ChronoUnit.MILLIS)
  private Duration probeInterval = Duration.ofSeconds(1);

  /**
   * ACL user the tier logs in as, in place of the application's Redis user: one allowed only
   * the tier's commands, keys and channels. Needs the password.
   */
  private @Nullable String username;

  /** Password the tier logs in with, in place of the application's Redis password. */
  private @Nullable String password;

  /** Database the tier's keys live in, in place of the application's; 0 only on a cluster. */
  private @Nullable Integer database;

  public @Nullable String getSecret() {
    return secret;
  }

  public void setSecret(@Nullable String secret) {
    this.secret = secret;
  }

  public String getKeyPrefix() {
    return keyPrefix;
  }

  public void setKeyPrefix(String keyPrefix) {
    this.keyPrefix = keyPrefix;
  }

  public Duration getCoordinationTimeout() {
    return coordinationTimeout;
  }

  public void setCoordinationTimeout(Duration coordinationTimeout) {
    this.coordinationTimeout = coordinationTimeout;
  }

  public Duration getLeaseTime() {
    return leaseTime;
  }

  public void setLeaseTime(Duration leaseTime) {
    this.leaseTime = leaseTime;
  }

  public Duration getResultTtl() {
    return resultTtl;
  }

  public void setResultTtl(Duration resultTtl) {
    this.resultTtl = resultTtl;
  }

  public DataSize getMaxValueSize() {
    return maxValueSize;
  }

  public void setMaxValueSize(DataSize maxValueSize) {
    this.maxValueSize = maxValueSize;
  }

  public boolean isEncrypt() {
    return encrypt;
  }

  public void setEncrypt(boolean encrypt) {
    this.encrypt = encrypt;
  }

  public Duration getProbeInterval() {
    return probeInterval;
  }

  public void setProbeInterval(Duration probeInterval) {
    this.probeInterval = probeInterval;
  }

  public @Nullable String getUsername() {
    return username;
  }

  public void setUsername(@Nullable String username) {
    this.username = username;
  }

  public @Nullable String getPassword() {
    return password;
  }

  public void setPassword(@Nullable String password) {
    this.password = password;
  }

  public @Nullable Integer getDatabase() {
    return database;
  }

  public void setDatabase(@Nullable Integer database) {
    this.database = database;
  }
}
