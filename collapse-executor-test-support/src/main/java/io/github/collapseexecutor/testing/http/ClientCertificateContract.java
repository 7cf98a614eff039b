package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.tls.HandshakeCertificates;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A server that authenticates clients by certificate (mutual TLS) answers per certificate, which
 * no header shows, so a collapse adapter must never hand the response one client's certificate got
 * to the caller of a client with another. Against a real https server on loopback that requires a
 * client certificate and answers with its subject ({@link ClientCertificateBackend}), with an
 * authority and certificates made at test time: 40 callers at once alternating two clients, each
 * with its own certificate, made of one client by {@link DrivenClient#withCertificate} as the
 * adapter's users would; then 40 callers of one of them, who still share.
 */
public interface ClientCertificateContract extends ClientContract {

  /** The paths the adapter under test collapses. */
  String GROUP = "/whoami/*";

  /** The path every caller gets. */
  String WHOAMI = "/whoami/1";

  /** How many callers a round sets off at once. */
  int CERTIFICATE_CALLERS = 40;

  /** The contract's clients' certificates, {@code alice} and {@code bob}, made once (slow). */
  final class Certificates {

    private static final ClientCertificates ALL = ClientCertificates.of("alice", "bob");

    private Certificates() {}

    /** Returns the authority, the server's certificate and the clients'. */
    public static ClientCertificates all() {
      return ALL;
    }
  }

  /**
   * The server, and a client per certificate made of one client behind one adapter.
   *
   * @param clients each client by a name; a name stands for the certificate whose name it starts
   *     with ({@code alice-copy} presents {@code alice}'s)
   */
  record Certified(
      ClientCertificateBackend backend, DrivenClient base, Map<String, DrivenClient> clients)
      implements AutoCloseable {

    /** Adds a client named {@code name}, which closes with the others. */
    public void add(String name, DrivenClient client) {
      clients.put(name, client);
    }

    /**
     * Runs {@link #CERTIFICATE_CALLERS} callers of {@link #WHOAMI} at once, cycling through the
     * clients {@code names}, and returns a line for each caller whose answer is not its own
     * certificate's.
     */
    public List<String> round(List<String> names) throws Exception {
      AtomicInteger next = new AtomicInteger();
      backend.arrivals().expect(CERTIFICATE_CALLERS);
      List<List<String>> answers =
          Concurrently.run(
              CERTIFICATE_CALLERS,
              () -> {
                String name = names.get(next.getAndIncrement() % names.size());
                backend.arrivals().arrive();
                return List.of(name, clients.get(name).send(Call.get(WHOAMI)).text());
              });
      List<String> wrong = new ArrayList<>();
      for (List<String> answer : answers) {
        String certificate = answer.get(0).split("-", 2)[0];
        if (!answer.get(1).equals(ClientCertificateBackend.answer(certificate))) {
          wrong.add(answer.get(0) + " got: " + answer.get(1));
        }
      }
      return wrong;
    }

    @Override
    public void close() {
      clients.values().forEach(DrivenClient::close);
      base.close();
      backend.stop();
    }
  }

  /**
   * Starts the server and makes a client of it for each certificate, named by its common name,
   * each of one client behind one adapter that collapses {@link #GROUP}.
   */
  default Certified openCertified() throws Exception {
    ClientCertificateBackend backend = new ClientCertificateBackend(Certificates.all());
    String baseUrl = backend.start();
    DrivenClient base;
    try {
      base =
          open(baseUrl, HttpCollapseOptions.builder().group(CollapseGroup.ofUris(GROUP)).build());
    } catch (Exception | Error failed) {
      backend.stop();
      throw failed;
    }
    Certified certified = new Certified(backend, base, new LinkedHashMap<>());
    for (Map.Entry<String, HandshakeCertificates> each : Certificates.all().clients().entrySet()) {
      certified.add(each.getKey(), base.withCertificate(each.getValue()));
    }
    return certified;
  }

  @Test
  @Timeout(60)
  default void callersOfClientsWithDifferentCertificatesEachGetTheirOwnCertificatesResponse()
      throws Exception {
    try (Certified certified = openCertified()) {
      List<String> wrong = certified.round(List.of("alice", "bob"));

      assertThat(wrong).as("callers that got another certificate's response").isEmpty();
      assertThat(certified.backend().calls())
          .as("backend calls, %s", certified.base().stats())
          .isBetween(2, 10);
    }
  }

  @Test
  @Timeout(60)
  default void callersOfOneClientStillShareOneCall() throws Exception {
    try (Certified certified = openCertified()) {
      List<String> wrong = certified.round(List.of("alice"));

      assertThat(wrong).as("callers that got another certificate's response").isEmpty();
      assertThat(certified.backend().calls())
          .as("backend calls, %s", certified.base().stats())
          .isBetween(1, 5);
    }
  }
}
