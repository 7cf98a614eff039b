package io.github.collapseexecutor.testing;

import org.junit.jupiter.api.Assumptions;

/**
 * What a test does when a service of the machine that it needs is absent (a Redis, PostgreSQL,
 * MariaDB, a program such as {@code redis-server} or {@code openssl}): it skips, saying why, so
 * that a newcomer's build passes without them; but where the environment variable {@value
 * #VARIABLE} is {@code required}, as CI sets it, it fails, so that a CI run whose services did not
 * start cannot pass by skipping the tests that need them.
 *
 * <p>It lives with the Redis servers of a test's own because collapse-executor-redis, whose tests
 * cannot depend on this module, compiles that folder into its tests.
 */
public final class Services {

  /** The environment variable that, set to {@code required}, makes an absent service a failure. */
  public static final String VARIABLE = "COLLAPSE_CI_SERVICES";

  private Services() {}

  /** Skips the calling test, or fails it where services are required, unless {@code available}. */
  public static void assume(boolean available, String absence) {
    if (!available) {
      absent(absence);
    }
  }

  /**
   * Skips the calling test, or fails it where services are required: what {@code absence} says is
   * not there.
   */
  public static void absent(String absence) {
    absent(absence, System.getenv(VARIABLE));
  }

  static void absent(String absence, String mode) {
    if ("required".equals(mode)) {
      throw new AssertionError(absence + ", and " + VARIABLE + "=required");
    }
    Assumptions.abort(absence);
  }
}
