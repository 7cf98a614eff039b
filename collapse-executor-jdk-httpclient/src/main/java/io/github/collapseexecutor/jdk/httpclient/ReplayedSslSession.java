package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.http.adapter.TlsHandshake;
import java.security.Principal;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSessionContext;
import org.jspecify.annotations.Nullable;

/**
 * The TLS session of a response that another instance's call got, as a caller here reads it: the
 * version, cipher suite and both certificate chains of that call's handshake, and the server's
 * host and port. No connection of this instance holds it, so it cannot be resumed: it is never
 * valid, has no identifier and no context, and invalidating it does nothing.
 */
final class ReplayedSslSession implements SSLSession {

  /** TLS's largest record (16 KiB of data and its overhead), as the JDK's own sessions say. */
  private static final int PACKET_BUFFER_SIZE = 16_709;

  private static final int APPLICATION_BUFFER_SIZE = 16_384;

  private final TlsHandshake handshake;
  private final String peerHost;
  private final int peerPort;
  private final long created = System.currentTimeMillis();
  private final Map<String, Object> values = new HashMap<>();

  ReplayedSslSession(TlsHandshake handshake, String peerHost, int peerPort) {
    this.handshake = handshake;
    this.peerHost = peerHost;
    this.peerPort = peerPort;
  }

  /** Returns what {@code session} says of its handshake. */
  static TlsHandshake handshakeOf(SSLSession session) {
    List<Certificate> peer;
    try {
      peer = List.of(session.getPeerCertificates());
    } catch (SSLPeerUnverifiedException e) {
      peer = List.of();
    }
    Certificate[] local = session.getLocalCertificates();
    return new TlsHandshake(
        session.getProtocol(),
        session.getCipherSuite(),
        peer,
        local == null ? List.of() : List.of(local));
  }

  @Override
  public byte[] getId() {
    return new byte[0];
  }

  @Override
  public @Nullable SSLSessionContext getSessionContext() {
    return null;
  }

  @Override
  public long getCreationTime() {
    return created;
  }

  @Override
  public long getLastAccessedTime() {
    return created;
  }

  @Override
  public void invalidate() {}

  @Override
  public boolean isValid() {
    return false;
  }

  @Override
  public synchronized void putValue(String name, Object value) {
    values.put(name, value);
  }

  @Override
  public synchronized @Nullable Object getValue(String name) {
    return values.get(name);
  }

  @Override
  public synchronized void removeValue(String name) {
    values.remove(name);
  }

  @Override
  public synchronized String[] getValueNames() {
    return values.keySet().toArray(new String[0]);
  }

  @Override
  public Certificate[] getPeerCertificates() throws SSLPeerUnverifiedException {
    if (handshake.peerCertificates().isEmpty()) {
      throw new SSLPeerUnverifiedException("the server presented no certificate");
    }
    return handshake.peerCertificates().toArray(new Certificate[0]);
  }

  @Override
  public Certificate @Nullable [] getLocalCertificates() {
    return handshake.localCertificates().isEmpty()
        ? null
        : handshake.localCertificates().toArray(new Certificate[0]);
  }

  @Override
  public Principal getPeerPrincipal() throws SSLPeerUnverifiedException {
    Certificate leaf = getPeerCertificates()[0];
    if (!(leaf instanceof X509Certificate x509)) {
      throw new SSLPeerUnverifiedException("the server's certificate is not an X.509 one");
    }
    return x509.getSubjectX500Principal();
  }

  @Override
  public @Nullable Principal getLocalPrincipal() {
    List<Certificate> local = handshake.localCertificates();
    return !local.isEmpty() && local.get(0) instanceof X509Certificate x509
        ? x509.getSubjectX500Principal()
        : null;
  }

  @Override
  public String getCipherSuite() {
    return handshake.cipherSuite();
  }

  @Override
  public String getProtocol() {
    return handshake.protocol();
  }

  @Override
  public String getPeerHost() {
    return peerHost;
  }

  @Override
  public int getPeerPort() {
    return peerPort;
  }

  @Override
  public int getPacketBufferSize() {
    return PACKET_BUFFER_SIZE;
  }

  @Override
  public int getApplicationBufferSize() {
    return APPLICATION_BUFFER_SIZE;
  }

  @Override
  public String toString() {
    return "ReplayedSslSession["
        + handshake.protocol()
        + ", "
        + handshake.cipherSuite()
        + ", "
        + peerHost
        + ":"
        + peerPort
        + "]";
  }
}
