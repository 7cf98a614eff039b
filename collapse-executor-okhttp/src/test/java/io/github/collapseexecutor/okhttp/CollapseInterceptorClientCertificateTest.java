package io.github.collapseexecutor.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientCertificateContract;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.tls.HandshakeCertificates;
import org.junit.jupiter.api.Test;

/**
 * Client certificates through the OkHttp interceptor: one client holds it, and each certificate's
 * client is made from that one with {@code newBuilder()}, which keeps the interceptor, as an
 * application that needs a second identity does. The interceptor sees each client's SSL socket
 * factory.
 */
final class CollapseInterceptorClientCertificateTest extends ClientCertificateContract {

  @Override
  protected void withClients(String baseUrl, Map<String, HandshakeCertificates> certificates,
      ClientsTest test) throws Exception {
    try (CollapseInterceptor interceptor = new CollapseInterceptor(HttpCollapseOptions.builder()
        .group(CollapseGroup.ofUris(GROUP)).build())) {
      OkHttpClient shared = new OkHttpClient.Builder().addInterceptor(interceptor).build();
      Map<String, OkHttpClient> clients = new HashMap<>();
      certificates.forEach((name, tls) -> {
        OkHttpClient client = shared.newBuilder()
            .sslSocketFactory(tls.sslSocketFactory(), tls.trustManager()).build();
        clients.put(name, client);
        // a copy that changes nothing that decides the connection
        clients.put(name + "-copy", client.newBuilder().readTimeout(Duration.ofSeconds(30))
            .build());
      });
      try {
        test.run(clients(clients, (client, path) -> {
          Request request = new Request.Builder().url(baseUrl + path).build();
          try (Response response = client.newCall(request).execute()) {
            return response.body().string();
          }
        }, interceptor::stats));
      } finally {
        shared.dispatcher().executorService().shutdown();
        shared.connectionPool().evictAll();
      }
    }
  }

  /**
   * A client copied with {@code newBuilder()} that keeps the SSL socket factory, the proxy and the
   * rest of what decides the connection shares with the client it was copied from.
   */
  @Test
  void clientsMadeByNewBuilderThatKeepTheConnectionSettingsShare() throws Exception {
    withClients(baseUrl(), certificates(), clients -> {
      List<String> wrong = round(clients, List.of("alice", "alice-copy"));

      assertThat(wrong).as("callers that got another certificate's response").isEmpty();
      assertThat(backendCalls()).as("backend calls, %s", clients.stats()).isBetween(1, 5);
    });
  }
}
