package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.Incubating;
import java.io.ByteArrayInputStream;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.security.cert.Certificate;
import java.security.cert.CertificateEncodingException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * What a client read of a TLS call's handshake, for a caller on another instance: the version and
 * cipher suite that were agreed and the two certificate chains, which a caller may check
 * (certificate pinning) as it would on a call of its own. A driver's {@link DetailCodec} writes it
 * as part of a response's detail and reads it back into the library's own handshake type.
 *
 * @param protocol the TLS version, in the JDK's names ({@code TLSv1.3})
 * @param cipherSuite the cipher suite, in the JDK's names
 * @param peerCertificates the server's chain, leaf first; empty if it presented none
 * @param localCertificates the chain the client presented; empty if it presented none
 */
@Incubating
public record TlsHandshake(
    String protocol,
    String cipherSuite,
    List<Certificate> peerCertificates,
    List<Certificate> localCertificates) {

  /** Longer chains are not a server's: a detail that says so is not read. */
  private static final int MAX_CHAIN = 16;

  /** Larger certificates are not read either (the tier caps a whole response too). */
  private static final int MAX_CERTIFICATE_BYTES = 64 * 1024;

  /** Copies the chains. */
  public TlsHandshake {
    peerCertificates = List.copyOf(peerCertificates);
    localCertificates = List.copyOf(localCertificates);
  }

  /**
   * Writes the handshake to {@code out}.
   *
   * @throws IOException if {@code out} fails
   * @throws IllegalArgumentException if a certificate cannot be encoded, or a chain is longer
   *     than {@link #readFrom} reads
   */
  public void writeTo(DataOutput out) throws IOException {
    out.writeUTF(protocol);
    out.writeUTF(cipherSuite);
    writeChain(peerCertificates, out);
    writeChain(localCertificates, out);
  }

  /**
   * Reads a handshake that {@link #writeTo} wrote.
   *
   * @throws IOException if {@code in} ends early or does not hold a handshake
   */
  public static TlsHandshake readFrom(DataInput in) throws IOException {
    String protocol = in.readUTF();
    String cipherSuite = in.readUTF();
    return new TlsHandshake(protocol, cipherSuite, readChain(in), readChain(in));
  }

  private static void writeChain(List<Certificate> chain, DataOutput out) throws IOException {
    if (chain.size() > MAX_CHAIN) {
      throw new IllegalArgumentException("a chain of " + chain.size() + " certificates");
    }
    out.writeInt(chain.size());
    for (Certificate certificate : chain) {
      byte[] encoded;
      try {
        encoded = certificate.getEncoded();
      } catch (CertificateEncodingException e) {
        throw new IllegalArgumentException("a certificate that cannot be encoded", e);
      }
      out.writeInt(encoded.length);
      out.write(encoded);
    }
  }

  private static List<Certificate> readChain(DataInput in) throws IOException {
    int count = in.readInt();
    if (count < 0 || count > MAX_CHAIN) {
      throw new IOException("not a certificate chain: " + count + " certificates");
    }
    List<Certificate> chain = new ArrayList<>(count);
    try {
      CertificateFactory factory = CertificateFactory.getInstance("X.509");
      for (int i = 0; i < count; i++) {
        int length = in.readInt();
        if (length < 0 || length > MAX_CERTIFICATE_BYTES) {
          throw new IOException("not a certificate: " + length + " bytes");
        }
        byte[] encoded = new byte[length];
        in.readFully(encoded);
        chain.add(factory.generateCertificate(new ByteArrayInputStream(encoded)));
      }
    } catch (CertificateException e) {
      throw new IOException("not a certificate", e);
    }
    return chain;
  }
}
