package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.github.collapseexecutor.core.Incubating;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The fleet tier of this instance.
 *
 * <p>Made by the fleet auto-configuration and read through {@link CollapseFleetState#describe()};
 * its JSON properties are its accessors, in the order declared here.
 */
@Incubating
@JsonPropertyOrder({
  "name",
  "state",
  "lastProblem",
  "lastProblemAt",
  "led",
  "joined",
  "othersJoined",
  "joinedOwn",
  "fellBack",
  "fellBackByReason",
  "leaseLost",
  "unshared",
  "overtaken",
  "evicted",
  "outages",
  "instances",
  "coordinationTimeoutMillis",
  "leaseTimeMillis",
  "resultTtlMillis",
  "maxValueBytes",
  "encrypted"
})
public final class FleetDescription {

  private final String name;
  private final String state;
  private final @Nullable String lastProblem;
  private final @Nullable Instant lastProblemAt;
  private final long led;
  private final long joined;
  private final long othersJoined;
  private final long joinedOwn;
  private final long fellBack;
  private final Map<String, Long> fellBackByReason;
  private final long leaseLost;
  private final long unshared;
  private final long overtaken;
  private final long evicted;
  private final long outages;
  private final List<Map<String, Object>> instances;
  private final long coordinationTimeoutMillis;
  private final long leaseTimeMillis;
  private final long resultTtlMillis;
  private final int maxValueBytes;
  private final boolean encrypted;

  FleetDescription(
      String name,
      String state,
      @Nullable String lastProblem,
      @Nullable Instant lastProblemAt,
      long led,
      long joined,
      long othersJoined,
      long joinedOwn,
      long fellBack,
      Map<String, Long> fellBackByReason,
      long leaseLost,
      long unshared,
      long overtaken,
      long evicted,
      long outages,
      List<Map<String, Object>> instances,
      long coordinationTimeoutMillis,
      long leaseTimeMillis,
      long resultTtlMillis,
      int maxValueBytes,
      boolean encrypted) {
    this.name = name;
    this.state = state;
    this.lastProblem = lastProblem;
    this.lastProblemAt = lastProblemAt;
    this.led = led;
    this.joined = joined;
    this.othersJoined = othersJoined;
    this.joinedOwn = joinedOwn;
    this.fellBack = fellBack;
    // in the order given, which the JSON keeps
    this.fellBackByReason = Collections.unmodifiableMap(new LinkedHashMap<>(fellBackByReason));
    this.leaseLost = leaseLost;
    this.unshared = unshared;
    this.overtaken = overtaken;
    this.evicted = evicted;
    this.outages = outages;
    this.instances = List.copyOf(instances);
    this.coordinationTimeoutMillis = coordinationTimeoutMillis;
    this.leaseTimeMillis = leaseTimeMillis;
    this.resultTtlMillis = resultTtlMillis;
    this.maxValueBytes = maxValueBytes;
    this.encrypted = encrypted;
  }

  /** Returns the coordinator's name. */
  @JsonProperty
  public String name() {
    return name;
  }

  /**
   * Returns {@code coordinating} while calls coordinate through Redis, {@code idle} while Redis
   * answers and no call or write reached the tier yet (as on an instance where no section or
   * method routes to it); {@code starting} before
   * Redis was first reached, {@code failing-open} while it is down, slow or failing over, and
   * {@code misconfigured} while it refuses what the tier needs (a missing ACL permission, a
   * disabled command, a certificate it does not trust), in which states every call goes on as
   * local collapse; {@code degraded} while a master of a cluster does not answer and the others
   * do, when only the calls for its keys go on as local collapse ({@code lastProblem} names it).
   */
  @JsonProperty
  public String state() {
    return state;
  }

  /**
   * Returns the last problem the tier met with Redis, with its cause and, for a configuration
   * fault, the fix; kept after Redis answers again; {@code null} while there was none.
   */
  @JsonProperty
  public @Nullable String lastProblem() {
    return lastProblem;
  }

  /** Returns when the tier met {@link #lastProblem()}; {@code null} while there was none. */
  @JsonProperty
  public @Nullable Instant lastProblemAt() {
    return lastProblemAt;
  }

  /** Returns the calls this instance made for the fleet. */
  @JsonProperty
  public long led() {
    return led;
  }

  /** Returns the calls answered by another instance's result: this instance joined elsewhere. */
  @JsonProperty
  public long joined() {
    return joined;
  }

  /**
   * Returns the calls this instance led whose result other instances took, as they told it
   * through Redis (a probe interval late at most).
   */
  @JsonProperty
  public long othersJoined() {
    return othersJoined;
  }

  /**
   * Returns the calls answered by a call of this instance that reached the tier beside them:
   * its local collapse kept the two apart (another local address, a response that varied on a
   * header). No join of another instance.
   */
  @JsonProperty
  public long joinedOwn() {
    return joinedOwn;
  }

  /**
   * Returns the calls that went on as local collapse because Redis was down, slow, full or
   * misconfigured.
   */
  @JsonProperty
  public long fellBack() {
    return fellBack;
  }

  /**
   * Returns those calls by reason, in a fixed order: {@code tier-down} (the tier was not
   * coordinating), {@code timeout} (a command outlived the coordination timeout), {@code
   * redis-error} (Redis answered with an error).
   */
  @JsonProperty
  public Map<String, Long> fellBackByReason() {
    return fellBackByReason;
  }

  /**
   * Returns the calls that waited for another instance and made their own when its lease or their
   * own wait ran out.
   */
  @JsonProperty
  public long leaseLost() {
    return leaseLost;
  }

  /** Returns the calls that made their own because another instance's result was not shared. */
  @JsonProperty
  public long unshared() {
    return unshared;
  }

  /**
   * Returns the calls that made their own rather than take the result of a call that started
   * before a write they could know of.
   */
  @JsonProperty
  public long overtaken() {
    return overtaken;
  }

  /**
   * Returns the calls this instance led whose lease Redis dropped before they ended (evicted
   * under memory pressure, or deleted by someone else).
   */
  @JsonProperty
  public long evicted() {
    return evicted;
  }

  /** Returns how many times Redis stopped answering. */
  @JsonProperty
  public long outages() {
    return outages;
  }

  /**
   * Returns the instances the tier heard from through Redis within the last probe intervals, this
   * one first, each with its {@code id}, whether it is this one ({@code self}), the
   * {@code keyParts} it noted (a server filter notes the {@code port} and the {@code Host} its
   * requests arrived on and named) and the parts of which it noted no value this one did
   * ({@code noneInCommon}): requests whose keys hold them never share between the two.
   */
  @JsonProperty
  public List<Map<String, Object>> instances() {
    return instances;
  }

  /** Returns the longest wait for one Redis command. */
  @JsonProperty
  public long coordinationTimeoutMillis() {
    return coordinationTimeoutMillis;
  }

  /** Returns how long a leading instance holds a key at most. */
  @JsonProperty
  public long leaseTimeMillis() {
    return leaseTimeMillis;
  }

  /** Returns how long a result stays in Redis. */
  @JsonProperty
  public long resultTtlMillis() {
    return resultTtlMillis;
  }

  /** Returns the largest result shared, as stored. */
  @JsonProperty
  public int maxValueBytes() {
    return maxValueBytes;
  }

  /** Returns whether results are encrypted. */
  @JsonProperty
  public boolean encrypted() {
    return encrypted;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof FleetDescription that && Arrays.equals(properties(), that.properties());
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(properties());
  }

  @Override
  public String toString() {
    return String.format(
        "FleetDescription[name=%s, state=%s, lastProblem=%s, lastProblemAt=%s, led=%s, joined=%s,"
            + " othersJoined=%s, joinedOwn=%s, fellBack=%s, fellBackByReason=%s, leaseLost=%s,"
            + " unshared=%s, overtaken=%s, evicted=%s, outages=%s, instances=%s,"
            + " coordinationTimeoutMillis=%s, leaseTimeMillis=%s, resultTtlMillis=%s,"
            + " maxValueBytes=%s, encrypted=%s]",
        properties());
  }

  /** Every property, in the order of the JSON, as equality, the hash and the text take them. */
  private @Nullable Object[] properties() {
    return new @Nullable Object[] {
      name,
      state,
      lastProblem,
      lastProblemAt,
      led,
      joined,
      othersJoined,
      joinedOwn,
      fellBack,
      fellBackByReason,
      leaseLost,
      unshared,
      overtaken,
      evicted,
      outages,
      instances,
      coordinationTimeoutMillis,
      leaseTimeMillis,
      resultTtlMillis,
      maxValueBytes,
      encrypted
    };
  }
}
