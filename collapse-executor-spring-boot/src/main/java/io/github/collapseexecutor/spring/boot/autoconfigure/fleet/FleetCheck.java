package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseGrpcClientProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpSection;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.NamedExecutorProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.SettingsCheck;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.SettingsCheck.CheckedSettings;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier.SettingsCheck.PropertyRejections;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.util.ClassUtils;

/**
 * The mistakes of the fleet tier's configuration, found with every other mistake of the
 * configuration before any bean is made, each under the key to change: a secret that is blank or
 * too short, or another {@code collapse.executor.fleet} value the tier rejects; and each
 * {@code fleet: true} (of a client or server section, of {@code grpc}, of a named executor) that
 * no tier can serve, because {@code collapse-executor-redis}, Lettuce or Spring Data Redis is not
 * on the class path, because {@code collapse.executor.fleet.secret} is not set, or because no
 * coordinator was made for want of a Lettuce connection factory (or of the tier's
 * auto-configuration, in a test slice). An application's own {@code Fleet} or
 * {@code FleetCoordinator} bean serves them all in place of the tier's, whatever is missing.
 *
 * <p>The secret's value is never shown. Listed in {@code META-INF/spring.factories}, so that it
 * runs, and the keys of {@code collapse.executor.fleet} are known, wherever the core
 * auto-configuration is, with or without this package's auto-configurations.
 */
final class FleetCheck implements SettingsCheck {

  /** The coordinator, the tier's entry point in {@code collapse-executor-redis}. */
  static final String COORDINATOR = "io.github.collapseexecutor.redis.FleetCoordinator";

  /** The fleet tier's seam, which every adapter and the annotations call. */
  static final String FLEET = "io.github.collapseexecutor.fleet.Fleet";

  /** The Redis client the coordinator runs on. */
  static final String LETTUCE = "io.lettuce.core.RedisClient";

  /** Spring Data Redis's connection factory, whose server the coordinator connects to. */
  static final String CONNECTION_FACTORY =
      "org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory";

  static final String SECRET = "collapse.executor.fleet.secret";
  static final String USERNAME = "collapse.executor.fleet.username";
  static final String PASSWORD = "collapse.executor.fleet.password";
  static final String DATABASE = "collapse.executor.fleet.database";

  /** What the tier needs on the class path: each class, what it is, and what brings it. */
  private static final List<List<String>> NEEDED =
      List.of(
          List.of(
              COORDINATOR,
              "collapse-executor-redis",
              "io.github.collapseexecutor:collapse-executor-redis"),
          List.of(LETTUCE, "Lettuce", "spring-boot-starter-data-redis"),
          List.of(CONNECTION_FACTORY, "Spring Data Redis", "spring-boot-starter-data-redis"));

  @Override
  public List<Class<?>> properties() {
    return List.of(CollapseFleetProperties.class);
  }

  /** Rejects each mistake of the fleet tier's configuration. */
  @Override
  public void check(CheckedSettings settings) {
    check(
        settings.bound(CollapseFleetProperties.class),
        askingForFleet(settings),
        settings.classLoader(),
        settings,
        settings.rejections());
  }

  /**
   * Returns each key that says {@code fleet: true} where it takes effect: the enabled HTTP
   * sections and gRPC, whose library is present, and the named executors, while the annotations
   * are on.
   */
  private static List<String> askingForFleet(CheckedSettings settings) {
    List<String> asking = new ArrayList<>();
    for (HttpSection section : settings.enabledSections()) {
      if (section.isFleet() && settings.isLibraryPresent(section.key())) {
        asking.add("collapse.executor." + section.key() + ".fleet");
      }
    }
    CollapseGrpcClientProperties grpc = settings.bound(CollapseGrpcClientProperties.class);
    if (grpc.isEnabled() && grpc.isFleet() && settings.isLibraryPresent("grpc")) {
      asking.add("collapse.executor.grpc.fleet");
    }
    if (settings.annotationsEnabled()) {
      settings
          .bound(NamedExecutorProperties.class)
          .getExecutors()
          .forEach(
              (name, executor) -> {
                if (Boolean.TRUE.equals(executor.getFleet())) {
                  asking.add("collapse.executor.executors." + name + ".fleet");
                }
              });
    }
    return asking;
  }

  /**
   * Rejects into {@code errors} each mistake of the fleet tier's configuration.
   *
   * @param asking each key that says {@code fleet: true}
   * @param beans the application's bean definitions, for a tier of its own
   */
  private static void check(
      CollapseFleetProperties fleet,
      List<String> asking,
      @Nullable ClassLoader loader,
      CheckedSettings beans,
      PropertyRejections errors) {
    errors.hide(SECRET);
    String secret = fleet.getSecret();
    boolean tierPresent = missing(loader) == null;
    if (secret != null && tierPresent) {
      int rejected = errors.count();
      if (secret.isBlank()) {
        errors.reject(
            SECRET,
            secret,
            "is blank: set the secret every instance of the fleet"
                + " shares, at least 32 bytes as UTF-8, or remove the key to turn the tier off");
      } else {
        FleetSettingsCheck.check(fleet, errors);
      }
      login(fleet, errors);
      if (errors.count() > rejected) {
        // the secret's own mistakes say what to change; what asks for the tier is right
        return;
      }
    }
    if (beans.hasBean(FLEET) || beans.hasBean(COORDINATOR)) {
      // the application's own tier, or its own coordinator, of which a Fleet bean is made
      return;
    }
    String alternative = "define a Fleet bean";
    asking.forEach(
        key -> {
          List<String> absent = missing(loader);
          if (absent != null) {
            errors.reject(
                key,
                true,
                "asks for the fleet tier, and "
                    + absent.get(1)
                    + " is not on"
                    + " the class path (no "
                    + absent.get(0)
                    + "): add "
                    + absent.get(2)
                    + ", "
                    + alternative
                    + ", or set it to false");
          } else if (secret == null) {
            errors.reject(
                key,
                true,
                "asks for the fleet tier, and "
                    + SECRET
                    + " is not set: set"
                    + " it to the secret every instance of the fleet shares (at least 32 bytes), "
                    + alternative
                    + ", or set it to false");
          } else {
            errors.reject(
                key,
                true,
                "asks for the fleet tier, and there is none: "
                    + SECRET
                    + " is set, but no coordinator is made without a Lettuce connection factory bean"
                    + " (spring.data.redis with the Lettuce client), nor where the fleet tier's"
                    + " auto-configuration is left out (a test slice): configure spring.data.redis, "
                    + alternative
                    + ", or set it to false");
          }
        });
  }

  /** Rejects a login of the tier's own that cannot log in: a user without a password. */
  private static void login(CollapseFleetProperties fleet, PropertyRejections errors) {
    String username = fleet.getUsername();
    if (username != null && fleet.getPassword() == null) {
      errors.reject(
          USERNAME,
          username,
          "is set without "
              + PASSWORD
              + ": set the password of"
              + " that ACL user too, or remove the key to log in as the application does");
    }
    Integer database = fleet.getDatabase();
    if (database != null && database < 0) {
      errors.reject(DATABASE, database, "must not be negative");
    }
  }

  /** Returns what the tier needs and is not on the class path, or {@code null}. */
  private static @Nullable List<String> missing(@Nullable ClassLoader loader) {
    return NEEDED.stream()
        .filter(needed -> !ClassUtils.isPresent(needed.get(0), loader))
        .findFirst()
        .orElse(null);
  }
}
