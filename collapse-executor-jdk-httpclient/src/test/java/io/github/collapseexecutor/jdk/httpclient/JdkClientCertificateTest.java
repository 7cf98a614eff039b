package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientCertificateContract;
import io.github.collapseexecutor.testing.http.ClientCertificates;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.Map;
import okhttp3.tls.HandshakeCertificates;

/**
 * Client certificates through the JDK's client: the certificate lives in the client's SSL
 * context, so each certificate is a client of its own, wrapped apart, as an application with a
 * second identity makes it; the wrappers share one set of options.
 */
final class JdkClientCertificateTest extends ClientCertificateContract {

  @Override
  protected void withClients(String baseUrl, Map<String, HandshakeCertificates> certificates,
      ClientsTest test) throws Exception {
    HttpCollapseOptions options = HttpCollapseOptions.builder()
        .group(CollapseGroup.ofUris(GROUP)).build();
    Map<String, CollapsingHttpClient> clients = each(certificates, tls ->
        CollapsingHttpClient.wrap(ClientCertificates.jdkHttpClient(tls), options));
    try {
      test.run(clients(clients, (client, path) -> client.send(
              HttpRequest.newBuilder(URI.create(baseUrl + path)).build(),
              BodyHandlers.ofString()).body(),
          () -> clients.get("alice").stats()));
    } finally {
      clients.values().forEach(CollapsingHttpClient::close);
    }
  }
}
