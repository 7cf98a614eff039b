package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.testing.http.ClientCallerSettingsContract;
import io.github.collapseexecutor.testing.http.ClientCertificateContract;
import io.github.collapseexecutor.testing.http.ClientCredentialsContract;
import io.github.collapseexecutor.testing.http.ClientFaultsContract;
import io.github.collapseexecutor.testing.http.ClientFixture;
import io.github.collapseexecutor.testing.http.ClientObserveContract;
import io.github.collapseexecutor.testing.http.ClientReadsAfterWritesContract;
import io.github.collapseexecutor.testing.http.ClientRequestIdentityContract;
import io.github.collapseexecutor.testing.http.ClientStreamsContract;
import io.github.collapseexecutor.testing.http.ClientTwoCallersContract;
import io.github.collapseexecutor.testing.http.ClientUnusualResponsesContract;
import io.github.collapseexecutor.testing.http.ClientVaryContract;
import io.github.collapseexecutor.testing.http.ClientWaitTimeoutContract;
import io.github.collapseexecutor.testing.http.SecuredBackendContract;

/**
 * Every client contract through the collapsing JDK client. The JDK's client decompresses
 * nothing, so compressed bodies pass byte for byte and it has no compression cases of its own.
 */
final class JdkClientContractTest
    implements ClientRequestIdentityContract,
        ClientCallerSettingsContract,
        ClientFaultsContract,
        ClientStreamsContract,
        ClientVaryContract,
        ClientWaitTimeoutContract,
        ClientUnusualResponsesContract,
        ClientCertificateContract,
        ClientCredentialsContract,
        SecuredBackendContract,
        ClientTwoCallersContract,
        ClientReadsAfterWritesContract,
        ClientObserveContract {

  @Override
  public ClientFixture fixture() {
    return new JdkFixture();
  }
}
