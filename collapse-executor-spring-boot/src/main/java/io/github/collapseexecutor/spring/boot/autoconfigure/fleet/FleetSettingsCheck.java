package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import io.github.collapseexecutor.redis.FleetOptions;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.SettingsCheck.PropertyRejections;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Hands each value of {@code collapse.executor.fleet} to the {@link FleetOptions} builder that
 * takes it, under its key, so that what the builder rejects is reported with the configuration's
 * other mistakes. Loaded only where {@code collapse-executor-redis} is on the class path.
 */
final class FleetSettingsCheck {

  private static final String PREFIX = "collapse.executor.fleet.";

  private FleetSettingsCheck() {}

  /** Rejects into {@code errors} each value of {@code fleet} that the tier's builder rejects. */
  static void check(CollapseFleetProperties fleet, PropertyRejections errors) {
    String secret = fleet.getSecret();
    if (secret != null) {
      errors.take(
          FleetCheck.SECRET,
          secret,
          () -> FleetOptions.builder(secret.getBytes(StandardCharsets.UTF_8)));
    }
    // the other values on a secret the builder takes, so that each is judged alone
    byte[] placeholder = new byte[FleetOptions.MIN_SECRET_BYTES];
    Arrays.fill(placeholder, (byte) 1);
    FleetOptions.Builder builder = FleetOptions.builder(placeholder);
    keyPrefix(fleet.getKeyPrefix(), builder, errors);
    errors.set(
        PREFIX + "coordination-timeout",
        fleet.getCoordinationTimeout(),
        builder::coordinationTimeout);
    errors.set(PREFIX + "lease-time", fleet.getLeaseTime(), builder::leaseTime);
    errors.set(PREFIX + "result-ttl", fleet.getResultTtl(), builder::resultTtl);
    errors.set(
        PREFIX + "max-value-size",
        fleet.getMaxValueSize(),
        size -> builder.maxValueBytes((int) Math.min(Integer.MAX_VALUE, size.toBytes())));
    errors.set(PREFIX + "probe-interval", fleet.getProbeInterval(), builder::probeInterval);
  }

  /**
   * Rejects a prefix the builder rejects, with its reason whole: it names the characters allowed,
   * with a colon among them, where the usual reading of a reason ends.
   */
  private static void keyPrefix(
      String prefix, FleetOptions.Builder builder, PropertyRejections errors) {
    try {
      builder.keyPrefix(prefix);
    } catch (IllegalArgumentException e) {
      String reason = String.valueOf(e.getMessage()).replaceFirst("^keyPrefix ", "");
      String value = ": " + prefix;
      errors.reject(
          PREFIX + "key-prefix",
          prefix,
          reason.endsWith(value) ? reason.substring(0, reason.length() - value.length()) : reason);
    }
  }
}
