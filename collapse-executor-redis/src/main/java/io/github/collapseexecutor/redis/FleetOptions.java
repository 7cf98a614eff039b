package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.core.Incubating;
import java.time.Duration;
import java.util.Objects;

/**
 * Settings of a {@link FleetCoordinator}. Immutable; build with {@link #builder(byte[])}.
 *
 * <pre>{@code
 * FleetOptions options = FleetOptions.builder(secretFromVault)
 *     .coordinationTimeout(Duration.ofMillis(50))
 *     .leaseTime(Duration.ofSeconds(5))
 *     .build();
 * }</pre>
 *
 * <p>Every instance of a fleet needs the same secret and key prefix to share calls; instances
 * with different secrets never meet in Redis.
 */
@Incubating
public final class FleetOptions {

  /** Default prefix of every Redis key and channel of the tier: {@code collapse:fleet}. */
  public static final String DEFAULT_KEY_PREFIX = "collapse:fleet";

  /**
   * Default longest wait for one Redis command before the call goes on as local collapse: 50 ms.
   * It bounds what a slow or unreachable Redis adds to a call.
   */
  public static final Duration DEFAULT_COORDINATION_TIMEOUT = Duration.ofMillis(50);

  /**
   * Default time a leading instance holds a key: 10 s. A leader that crashed frees its key when
   * its lease ends, and the instances that waited for it make their own calls.
   */
  public static final Duration DEFAULT_LEASE_TIME = Duration.ofSeconds(10);

  /** Default time a result stays in Redis for the instances that waited for it: 10 s. */
  public static final Duration DEFAULT_RESULT_TTL = Duration.ofSeconds(10);

  /** Default largest result shared through Redis, after encryption: 256 KiB. */
  public static final int DEFAULT_MAX_VALUE_BYTES = 256 * 1024;

  /** Default time between two probes of Redis, to find it back after an outage: 1 s. */
  public static final Duration DEFAULT_PROBE_INTERVAL = Duration.ofSeconds(1);

  /** Shortest secret accepted: 32 bytes, the size of an HMAC-SHA256 key. */
  public static final int MIN_SECRET_BYTES = 32;

  private final byte[] secret;
  private final String keyPrefix;
  private final Duration coordinationTimeout;
  private final Duration leaseTime;
  private final Duration resultTtl;
  private final int maxValueBytes;
  private final boolean encryptValues;
  private final Duration probeInterval;
  private final String name;

  private FleetOptions(Builder builder) {
    this.secret = builder.secret.clone();
    this.keyPrefix = builder.keyPrefix;
    this.coordinationTimeout = builder.coordinationTimeout;
    this.leaseTime = builder.leaseTime;
    this.resultTtl = builder.resultTtl;
    this.maxValueBytes = builder.maxValueBytes;
    this.encryptValues = builder.encryptValues;
    this.probeInterval = builder.probeInterval;
    this.name = builder.name;
  }

  /**
   * Returns a builder for a fleet whose instances share {@code secret}: at least
   * {@value #MIN_SECRET_BYTES} random bytes, from where the application keeps its secrets. The
   * key digests and the encryption of results are derived from it.
   */
  public static Builder builder(byte[] secret) {
    return new Builder(secret);
  }

  /** Returns a copy of the secret. */
  byte[] secret() {
    return secret.clone();
  }

  /** Returns the prefix of every Redis key and channel of the tier. */
  public String keyPrefix() {
    return keyPrefix;
  }

  /** Returns the longest wait for one Redis command before the call goes on locally. */
  public Duration coordinationTimeout() {
    return coordinationTimeout;
  }

  /** Returns how long a leading instance holds a key at most. */
  public Duration leaseTime() {
    return leaseTime;
  }

  /** Returns how long a result stays in Redis for the instances that waited for it. */
  public Duration resultTtl() {
    return resultTtl;
  }

  /** Returns the largest result, in bytes as stored, that is shared through Redis. */
  public int maxValueBytes() {
    return maxValueBytes;
  }

  /** Returns whether results are encrypted in Redis (AES-GCM with a key from the secret). */
  public boolean encryptValues() {
    return encryptValues;
  }

  /** Returns the time between two probes of Redis. */
  public Duration probeInterval() {
    return probeInterval;
  }

  /** Returns the name the coordinator logs under. */
  public String name() {
    return name;
  }

  @Override
  public String toString() {
    // never the secret
    return "FleetOptions{name="
        + name
        + ", keyPrefix="
        + keyPrefix
        + ", coordinationTimeout="
        + coordinationTimeout
        + ", leaseTime="
        + leaseTime
        + ", resultTtl="
        + resultTtl
        + ", maxValueBytes="
        + maxValueBytes
        + ", encryptValues="
        + encryptValues
        + ", probeInterval="
        + probeInterval
        + "}";
  }

  /** Builds {@link FleetOptions}; each setter rejects a bad value at once. */
  public static final class Builder {

    private final byte[] secret;
    private String keyPrefix = DEFAULT_KEY_PREFIX;
    private Duration coordinationTimeout = DEFAULT_COORDINATION_TIMEOUT;
    private Duration leaseTime = DEFAULT_LEASE_TIME;
    private Duration resultTtl = DEFAULT_RESULT_TTL;
    private int maxValueBytes = DEFAULT_MAX_VALUE_BYTES;
    private boolean encryptValues = true;
    private Duration probeInterval = DEFAULT_PROBE_INTERVAL;
    private String name = "fleet";

    private Builder(byte[] secret) {
      Objects.requireNonNull(secret, "secret");
      if (secret.length < MIN_SECRET_BYTES) {
        throw new IllegalArgumentException(
            "secret must hold at least " + MIN_SECRET_BYTES + " bytes: " + secret.length);
      }
      this.secret = secret.clone();
    }

    /**
     * Sets the prefix of every Redis key and channel of the tier; letters, digits and
     * {@code : . _ -} only, since it also makes the pattern the coordinator subscribes to.
     */
    public Builder keyPrefix(String keyPrefix) {
      if (!Objects.requireNonNull(keyPrefix, "keyPrefix").matches("[A-Za-z0-9:._-]+")) {
        throw new IllegalArgumentException(
            "keyPrefix must be letters, digits and : . _ - only: " + keyPrefix);
      }
      this.keyPrefix = keyPrefix;
      return this;
    }

    /** Sets the longest wait for one Redis command before the call goes on locally. */
    public Builder coordinationTimeout(Duration coordinationTimeout) {
      this.coordinationTimeout = positive("coordinationTimeout", coordinationTimeout);
      return this;
    }

    /**
     * Sets how long a leading instance holds a key at most; longer than the slowest call, or a
     * second instance may call while the first one still does.
     */
    public Builder leaseTime(Duration leaseTime) {
      this.leaseTime = positive("leaseTime", leaseTime);
      return this;
    }

    /** Sets how long a result stays in Redis for the instances that waited for it. */
    public Builder resultTtl(Duration resultTtl) {
      this.resultTtl = positive("resultTtl", resultTtl);
      return this;
    }

    /** Sets the largest result, in bytes as stored, that is shared through Redis. */
    public Builder maxValueBytes(int maxValueBytes) {
      if (maxValueBytes <= 0) {
        throw new IllegalArgumentException("maxValueBytes must be positive: " + maxValueBytes);
      }
      this.maxValueBytes = maxValueBytes;
      return this;
    }

    /**
     * Sets whether results are encrypted in Redis; true by default. Encrypted or not, a result is
     * authenticated with the secret and bound to the call that made it and to the time it was
     * stored, so that nobody without the secret can hand a caller a result of their own.
     */
    public Builder encryptValues(boolean encryptValues) {
      this.encryptValues = encryptValues;
      return this;
    }

    /** Sets the time between two probes of Redis. */
    public Builder probeInterval(Duration probeInterval) {
      this.probeInterval = positive("probeInterval", probeInterval);
      return this;
    }

    /** Sets the name the coordinator logs under. */
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    /** Returns the options. */
    public FleetOptions build() {
      return new FleetOptions(this);
    }

    private static Duration positive(String what, Duration duration) {
      Objects.requireNonNull(duration, what);
      if (duration.isNegative() || duration.isZero()) {
        throw new IllegalArgumentException(what + " must be positive: " + duration);
      }
      return duration;
    }
  }
}
