package io.github.collapseexecutor.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetStats.FallbackReason;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisConnectionException;
import java.net.ConnectException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/**
 * What a failure of Redis means, as the tier tells it: a configuration fault, named with its fix,
 * or an outage that passes, by the error Redis answered and by where the tier is connected.
 */
final class FaultsTest {

  private final Faults standalone =
      new Faults("collapse:fleet", RedisTarget.Topology.STANDALONE, "fleet", false);
  private final Faults sentinel =
      new Faults("collapse:fleet", RedisTarget.Topology.SENTINEL, null, false);
  private final Faults cluster =
      new Faults("collapse:fleet", RedisTarget.Topology.CLUSTER, null, false);

  @Test
  void theAclLineGrantsTheTiersCommandsKeysAndChannelsOnly() {
    assertThat(standalone.aclLine())
        .isEqualTo(
            "ACL SETUSER fleet on ><password> resetkeys "
                + "~collapse:fleet:* resetchannels &collapse:fleet:* -@all +evalsha +eval +script|load "
                + "+set +get +incr +pttl +del +strlen +publish +spublish +psubscribe +ssubscribe "
                + "+sunsubscribe +ping +client|setname");
    assertThat(
            new Faults("collapse:fleet", RedisTarget.Topology.STANDALONE, "fleet", true).aclLine())
        .endsWith(" +client|setname +select");
    assertThat(cluster.aclLine())
        .startsWith("ACL SETUSER <user> on ")
        .endsWith(" +client|setname +cluster|nodes +cluster|myid +info");
  }

  @Test
  void aScriptsMissingPermissionNamesTheScriptAndItsCommands() {
    Fault fault =
        standalone.of(
            refused(
                "ERR The user executing the script can't run this "
                    + "command or subcommand script: "
                    + Scripts.CLAIM.sha()
                    + ", on @user_script:1."));

    assertThat(fault.configuration()).isTrue();
    assertThat(fault.text())
        .contains("a command in the script that claims a key (GET, SET, PTTL)")
        .contains(standalone.aclLine());
  }

  @Test
  void aReplicaIsAFaultOnlyWhereNoFailoverExplainsIt() {
    RedisCommandExecutionException readOnly =
        refused("READONLY You can't write against a read only replica.");

    assertThat(standalone.of(readOnly).configuration()).isTrue();
    assertThat(sentinel.of(readOnly).configuration()).isFalse();
    assertThat(cluster.of(readOnly).configuration()).isFalse();
  }

  @Test
  void aRedirectIsAFaultOnlyOnAStandaloneConnection() {
    assertThat(standalone.of(refused("CLUSTERDOWN Hash slot not served")).configuration()).isTrue();
    assertThat(cluster.of(refused("CLUSTERDOWN Hash slot not served")).configuration()).isFalse();
    assertThat(cluster.of(refused("ERR This instance has cluster support disabled")).text())
        .contains("not a cluster");
  }

  @Test
  void aCertificateTheClientDoesNotTrustIsNamedNotAConnectionError() {
    Throwable failure =
        new CompletionException(
            new RedisConnectionException(
                "Unable to connect to 127.0.0.1/<unresolved>:6380",
                new SSLHandshakeException(
                    "PKIX path building failed: unable to find valid certification path")));

    Fault fault = standalone.of(failure);

    assertThat(fault.configuration()).isTrue();
    assertThat(fault.text())
        .contains("does not trust the server's certificate")
        .doesNotContain("Unable to connect");
  }

  @Test
  void aClientCertificateTheServerRefusedIsNamed() {
    Fault fault =
        standalone.of(
            new RedisConnectionException(
                "Unable to connect",
                new javax.net.ssl.SSLException("Received fatal alert: certificate_required")));

    assertThat(fault.text()).contains("client certificate");
  }

  @Test
  void outagesAreToldByReason() {
    assertThat(standalone.of(new TimeoutException()).reason()).isEqualTo(FallbackReason.TIMEOUT);
    assertThat(standalone.of(refused("OOM command not allowed")).reason())
        .isEqualTo(FallbackReason.REDIS_ERROR);
    assertThat(
            standalone.of(
                new RedisConnectionException(
                    "Unable to connect", new ConnectException("Connection refused"))))
        .satisfies(fault -> assertThat(fault.configuration()).isFalse())
        .satisfies(fault -> assertThat(fault.reason()).isEqualTo(FallbackReason.TIER_DOWN));
  }

  private static RedisCommandExecutionException refused(String error) {
    return new RedisCommandExecutionException(error);
  }
}
