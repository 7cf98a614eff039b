package io.github.collapseexecutor.http.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A handshake crosses the fleet as bytes that another instance reads back, and bytes that are not
 * a handshake's are refused rather than read as one. Certificates cross in the client adapters'
 * fleet tests, over real TLS.
 */
class TlsHandshakeTest {

  @Test
  void aHandshakeReadsBackAsItWasWritten() throws IOException {
    TlsHandshake written =
        new TlsHandshake("TLSv1.3", "TLS_AES_128_GCM_SHA256", List.of(), List.of());

    assertThat(TlsHandshake.readFrom(input(bytes(written)))).isEqualTo(written);
  }

  @Test
  void aChainLongerThanAServersIsRefused() {
    assertThatThrownBy(() -> TlsHandshake.readFrom(input(peerChain(17))))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("17 certificates");
  }

  @Test
  void aCertificateLargerThanTheLimitIsRefused() {
    assertThatThrownBy(() -> TlsHandshake.readFrom(input(peerChain(1, Integer.MAX_VALUE))))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("not a certificate");
  }

  @Test
  void bytesThatEndEarlyAreRefused() throws IOException {
    byte[] whole =
        bytes(
            new TlsHandshake(
                "TLSv1.2", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", List.of(), List.of()));

    assertThatThrownBy(() -> TlsHandshake.readFrom(input(Arrays.copyOf(whole, whole.length - 1))))
        .isInstanceOf(IOException.class);
  }

  @Test
  void bytesThatAreNotACertificateAreRefused() {
    assertThatThrownBy(() -> TlsHandshake.readFrom(input(peerChain(1, 3, 1, 2, 3))))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("not a certificate");
  }

  /** The bytes of a handshake's version and cipher suite, then {@code chain} as they are. */
  private static byte[] peerChain(int... chain) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeUTF("TLSv1.3");
      out.writeUTF("TLS_AES_128_GCM_SHA256");
      // the count, then each certificate's length; after a length, each int is one byte
      for (int i = 0; i < chain.length; i++) {
        if (i < 2) {
          out.writeInt(chain[i]);
        } else {
          out.write(chain[i]);
        }
      }
    }
    return bytes.toByteArray();
  }

  private static byte[] bytes(TlsHandshake handshake) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      handshake.writeTo(out);
    }
    return bytes.toByteArray();
  }

  private static DataInputStream input(byte[] bytes) {
    return new DataInputStream(new ByteArrayInputStream(bytes));
  }
}
