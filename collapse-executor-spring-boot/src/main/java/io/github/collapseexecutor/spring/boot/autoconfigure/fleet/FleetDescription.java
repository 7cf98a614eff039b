package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.github.collapseexecutor.core.Incubating;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The fleet tier of this instance.
 *
 * <p>Made by the fleet auto-configuration and read through {@link CollapseFleetState#describe()};
 * its JSON properties are its components, in the order declared here.
 *
 * @param name the coordinator's name
 * @param state {@code coordinating} while calls coordinate through Redis, {@code idle} while Redis
 *     answers and no call or write reached the tier yet (as on an instance where no section or
 *     method routes to it); {@code starting} before Redis was first reached, {@code failing-open}
 *     while it is down, slow or failing over, and {@code misconfigured} while it refuses what the
 *     tier needs (a missing ACL permission, a disabled command, a certificate it does not trust),
 *     in which states every call goes on as local collapse; {@code degraded} while a master of a
 *     cluster does not answer and the others do, when only the calls for its keys go on as local
 *     collapse ({@code lastProblem} names it)
 * @param lastProblem the last problem the tier met with Redis, with its cause and, for a
 *     configuration fault, the fix; kept after Redis answers again; {@code null} while there was
 *     none
 * @param lastProblemAt when the tier met {@code lastProblem}; {@code null} while there was none
 * @param led the calls this instance made for the fleet
 * @param joined the calls answered by another instance's result: this instance joined elsewhere
 * @param othersJoined the calls this instance led whose result other instances took, as they told
 *     it through Redis (a probe interval late at most)
 * @param joinedOwn the calls answered by a call of this instance that reached the tier beside
 *     them: its local collapse kept the two apart (another local address, a response that varied
 *     on a header). No join of another instance.
 * @param fellBack the calls that went on as local collapse because Redis was down, slow, full or
 *     misconfigured
 * @param fellBackByReason those calls by reason, in a fixed order: {@code tier-down} (the tier was
 *     not coordinating), {@code timeout} (a command outlived the coordination timeout), {@code
 *     redis-error} (Redis answered with an error)
 * @param leaseLost the calls that waited for another instance and made their own when its lease
 *     or their own wait ran out
 * @param unshared the calls that made their own because another instance's result was not shared
 * @param overtaken the calls that made their own rather than take the result of a call that
 *     started before a write they could know of
 * @param evicted the calls this instance led whose lease Redis dropped before they ended (evicted
 *     under memory pressure, or deleted by someone else)
 * @param outages how many times Redis stopped answering
 * @param instances the instances the tier heard from through Redis within the last probe
 *     intervals, this one first, each with its {@code id}, whether it is this one ({@code self}),
 *     the {@code keyParts} it noted (a server filter notes the {@code port} and the {@code Host}
 *     its requests arrived on and named) and the parts of which it noted no value this one did
 *     ({@code noneInCommon}): requests whose keys hold them never share between the two
 * @param coordinationTimeoutMillis the longest wait for one Redis command
 * @param leaseTimeMillis how long a leading instance holds a key at most
 * @param resultTtlMillis how long a result stays in Redis
 * @param maxValueBytes the largest result shared, as stored
 * @param encrypted whether results are encrypted
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
public record FleetDescription(
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

  /** Copies the fallbacks by reason and the instances. */
  public FleetDescription {
    // in the order given, which the JSON keeps
    fellBackByReason = Collections.unmodifiableMap(new LinkedHashMap<>(fellBackByReason));
    instances = List.copyOf(instances);
  }
}
