package io.github.collapseexecutor.testing.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsExchange;
import java.io.IOException;
import javax.net.ssl.SSLPeerUnverifiedException;

/**
 * An https server on loopback that authenticates its clients by certificate (mutual TLS) and
 * answers every request under {@code /whoami} with the subject of the certificate the client
 * presented, {@code client=CN=alice}, with no {@code Vary}: what it answers depends on the
 * connection, which no header shows. Each call is held by {@link #arrivals()}.
 */
public final class ClientCertificateBackend extends HeldBackend {

  /** Creates a backend that presents and trusts what {@code certificates} holds for a server. */
  public ClientCertificateBackend(ClientCertificates certificates) {
    super("/whoami", certificates.server().sslContext());
  }

  /** Returns what the server answers a client that presents the certificate of this name. */
  public static String answer(String commonName) {
    return "client=CN=" + commonName;
  }

  @Override
  protected String answer(HttpExchange exchange) throws IOException {
    try {
      return "client=" + ((HttpsExchange) exchange).getSSLSession().getPeerPrincipal().getName();
    } catch (SSLPeerUnverifiedException e) {
      return "client=none"; // unreachable while the server requires a certificate
    }
  }
}
