package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.fleet.FleetStats.FallbackReason;
import io.lettuce.core.RedisCommandTimeoutException;
import java.security.cert.CertificateException;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;
import org.jspecify.annotations.Nullable;

/**
 * Tells an outage from a configuration fault in a failure of Redis, and says how to mend the
 * latter: a missing ACL permission (with the user's least-privilege ACL line), a disabled command,
 * a replica, a cluster where one Redis was expected or the reverse, wrong credentials, a TLS
 * certificate one side does not trust. Anything else passes by itself: down, slow, full, loading,
 * a failover under way.
 */
final class Faults {

  private final String keyPrefix;
  private final boolean cluster;
  private final boolean failsOver;
  private final boolean selects;
  private final String user;

  /**
   * @param topology where the tier's commands go: on a cluster a redirect or a cluster down for
   *     a moment, and through Sentinel or on a cluster a master turned replica, are part of a
   *     failover, not a fault
   * @param user the user the tier connects as, if it names one
   * @param selects whether the client selects a database other than 0 ({@code SELECT})
   */
  Faults(String keyPrefix, RedisTarget.Topology topology, @Nullable String user, boolean selects) {
    this.keyPrefix = keyPrefix;
    this.cluster = topology == RedisTarget.Topology.CLUSTER;
    this.failsOver = topology != RedisTarget.Topology.STANDALONE;
    this.selects = selects;
    this.user = user == null || user.isEmpty() ? "<user>" : user;
  }

  /** Returns the ACL line that gives the tier's user what the tier needs, and nothing more. */
  String aclLine() {
    return "ACL SETUSER "
        + user
        + " on ><password> resetkeys ~"
        + keyPrefix
        + ":* resetchannels &"
        + keyPrefix
        + ":* -@all "
        + TierCommands.acl(cluster)
        + (selects ? " +select" : "");
  }

  /** Returns what a command that did not answer within {@code limit} means: an outage. */
  Fault late(String what) {
    return Fault.outage(FallbackReason.TIMEOUT, what);
  }

  /** Returns what {@code failure} means, walking its causes for the first one that tells. */
  Fault of(Throwable failure) {
    Throwable top = unwrap(failure);
    for (Throwable cause = top; cause != null; cause = cause.getCause()) {
      if (cause instanceof TimeoutException || cause instanceof RedisCommandTimeoutException) {
        return late("did not answer in time");
      }
      if (cause instanceof Unavailable known) {
        return known.fault();
      }
      Fault tls = tls(cause);
      if (tls != null) {
        return tls;
      }
      String message = cause.getMessage();
      if (message != null && cause instanceof io.lettuce.core.RedisCommandExecutionException) {
        return refused(message.trim());
      }
      if (cause.getCause() == cause) {
        break;
      }
    }
    return Fault.outage(FallbackReason.TIER_DOWN, "failed: " + top);
  }

  private static Throwable unwrap(Throwable failure) {
    Throwable cause = failure;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }

  /** Returns what an error reply of Redis means. */
  private Fault refused(String error) {
    String fix = " Fix: ";
    if (error.startsWith("NOPERM") || error.contains("The user executing the script can't")) {
      return Fault.configuration(
          "Redis refused the tier "
              + permission(error)
              + " ("
              + error
              + ")."
              + fix
              + "give the user the tier's permissions: "
              + aclLine());
    }
    if (error.startsWith("WRONGPASS")
        || error.startsWith("NOAUTH")
        || error.startsWith("ERR AUTH")
        || error.startsWith("ERR invalid password")) {
      return Fault.configuration(
          "Redis did not accept the tier's credentials ("
              + error
              + ")."
              + fix
              + "give the tier the username and password of a user that exists on every "
              + "server it connects to.");
    }
    if (error.startsWith("ERR unknown command") || error.startsWith("ERR unknown subcommand")) {
      return Fault.configuration(
          "Redis does not have a command the tier needs ("
              + error
              + "): it may be renamed or disabled (rename-command, or a managed service's "
              + "settings)."
              + fix
              + "allow "
              + TierCommands.list(cluster)
              + ".");
    }
    if (error.startsWith("READONLY") && !failsOver) {
      return Fault.configuration(
          "the tier is connected to a replica, which refuses writes ("
              + error
              + ")."
              + fix
              + "connect to the master, or through Sentinel, which finds it.");
    }
    String code = error.split(" ", 2)[0].toUpperCase(Locale.ROOT);
    if (!cluster
        && (code.equals("MOVED")
            || code.equals("ASK")
            || code.equals("CLUSTERDOWN")
            || code.equals("CROSSSLOT"))) {
      return Fault.configuration(
          "Redis is a cluster, but the tier is connected to one of its "
              + "nodes as to a standalone Redis ("
              + error
              + ")."
              + fix
              + "use FleetCoordinator.connectCluster, or Spring Boot's spring.data.redis.cluster.*.");
    }
    if (cluster && error.contains("cluster support disabled")) {
      return Fault.configuration(
          "Redis is not a cluster, but the tier connects to it as to one ("
              + error
              + ")."
              + fix
              + "use FleetCoordinator.connect with the server's URI.");
    }
    if (error.startsWith("ERR DB index is out of range")) {
      return Fault.configuration(
          "Redis has no such database ("
              + error
              + ")."
              + fix
              + "give a database number the server has.");
    }
    return Fault.outage(FallbackReason.REDIS_ERROR, "answered " + error);
  }

  /** Returns what the tier lacks, as far as the error says: a command, keys or channels. */
  private String permission(String error) {
    int quote = error.indexOf('\'');
    int end = quote < 0 ? -1 : error.indexOf('\'', quote + 1);
    if (error.contains("script")) {
      String runs = Scripts.describe(error);
      return (error.contains("keys")
              ? "a key"
              : error.contains("channel") ? "a channel" : "a command")
          + " in "
          + runs;
    }
    if (end > quote) {
      return "the command '" + error.substring(quote + 1, end) + "'";
    }
    if (error.contains("keys")) {
      return "its keys, under '" + keyPrefix + ":'";
    }
    return error.contains("channel") ? "its channels, under '" + keyPrefix + ":'" : "a permission";
  }

  /** Returns the TLS fault {@code cause} is, if it is one. */
  private static @Nullable Fault tls(Throwable cause) {
    if (!(cause instanceof SSLException) && !(cause instanceof CertificateException)) {
      return null;
    }
    String message = String.valueOf(cause.getMessage());
    String fix = " Fix: ";
    String what;
    if (message.contains("PKIX")
        || message.contains("certification path")
        || (cause instanceof CertificateException && !message.contains("subject alternative"))) {
      what =
          "this instance does not trust the server's certificate."
              + fix
              + "give the client "
              + "the CA that signed it (SslOptions' trust store, or the SSL bundle's).";
    } else if (message.contains("subject alternative") || message.contains("No name matching")) {
      what =
          "the server's certificate does not name the host the tier connects to."
              + fix
              + "connect by a name or address the certificate holds, or reissue it.";
    } else if (message.contains("certificate_required")
        || message.contains("bad_certificate")
        || message.contains("unknown_ca")
        || message.contains("certificate_unknown")) {
      what =
          "the server did not accept this instance's client certificate, or got none."
              + fix
              + "give the client a key store whose certificate the server's CA "
              + "(tls-ca-cert-file) signed.";
    } else if (message.contains("Unsupported or unrecognized SSL message")) {
      what =
          "the server does not speak TLS on this port."
              + fix
              + "use redis:// and no SSL options, or the server's TLS port.";
    } else {
      what =
          "the TLS handshake failed."
              + fix
              + "check the certificates and TLS versions of "
              + "both sides.";
    }
    return Fault.configuration(
        "TLS with Redis failed ("
            + cause.getClass().getSimpleName()
            + ": "
            + message
            + "): "
            + what);
  }
}
