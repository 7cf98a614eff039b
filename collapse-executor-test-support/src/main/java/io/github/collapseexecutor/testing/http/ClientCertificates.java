package io.github.collapseexecutor.testing.http;

import java.net.http.HttpClient;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;

/**
 * A certificate authority made at test time, a server certificate it signed for
 * {@code 127.0.0.1} and {@code localhost}, and a client certificate it signed for each of a few
 * common names: what a server that authenticates clients by certificate and its clients hold.
 */
public final class ClientCertificates {

  private final HandshakeCertificates server;
  private final Map<String, HandshakeCertificates> clients = new LinkedHashMap<>();

  private ClientCertificates(List<String> commonNames) {
    HeldCertificate authority =
        new HeldCertificate.Builder()
            .certificateAuthority(0)
            .commonName("collapse test CA")
            .build();
    server =
        new HandshakeCertificates.Builder()
            .heldCertificate(
                new HeldCertificate.Builder()
                    .commonName("localhost")
                    .addSubjectAlternativeName("127.0.0.1")
                    .addSubjectAlternativeName("localhost")
                    .signedBy(authority)
                    .build())
            .addTrustedCertificate(authority.certificate())
            .build();
    for (String name : commonNames) {
      clients.put(
          name,
          new HandshakeCertificates.Builder()
              .heldCertificate(
                  new HeldCertificate.Builder().commonName(name).signedBy(authority).build())
              .addTrustedCertificate(authority.certificate())
              .build());
    }
  }

  /** Makes the authority, the server's certificate and one client certificate per name. */
  public static ClientCertificates of(String... commonNames) {
    return new ClientCertificates(List.of(commonNames));
  }

  /** Returns the server's certificate, and the authority as the one it trusts. */
  public HandshakeCertificates server() {
    return server;
  }

  /** Returns each client's certificate by its common name, and the authority it trusts. */
  public Map<String, HandshakeCertificates> clients() {
    return clients;
  }

  /** Returns a JDK {@code HttpClient} that presents {@code tls}'s certificate, HTTP/1.1 only. */
  public static HttpClient jdkHttpClient(HandshakeCertificates tls) {
    return HttpClient.newBuilder()
        .sslContext(tls.sslContext())
        .version(HttpClient.Version.HTTP_1_1)
        .build();
  }
}
