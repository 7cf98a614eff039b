package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.HttpCollapseStats;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;
import okhttp3.tls.HandshakeCertificates;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A server that authenticates clients by certificate (mutual TLS) answers per certificate, which
 * no header shows, so a collapse adapter must never hand the response one client's certificate got
 * to the caller of a client with another. Against a real https server on loopback that requires a
 * client certificate and answers with its subject ({@link ClientCertificateBackend}), with an
 * authority and certificates made at test time: 40 callers at once alternating two clients, each
 * with its own certificate, that a subclass puts behind one collapse adapter as its users would;
 * then 40 callers of one of them, who still share.
 */
@Timeout(60)
public abstract class ClientCertificateContract {

  /** The paths the adapter under test collapses. */
  protected static final String GROUP = "/whoami/*";

  /** The path every caller gets. */
  protected static final String PATH = "/whoami/1";

  /** How many callers a round sets off at once. */
  protected static final int CALLERS = 40;

  /** Made once: the keys are the slow part. */
  private static final ClientCertificates CERTIFICATES = ClientCertificates.of("alice", "bob");

  private final ClientCertificateBackend backend = new ClientCertificateBackend(CERTIFICATES);
  private String baseUrl;

  /** Clients that differ in their client certificate only, behind one collapse adapter. */
  public interface Clients {

    /** Makes a GET to {@code path} with the client named {@code name}; returns the body. */
    String get(String name, String path) throws Exception;

    /** Returns the counters of the adapter. */
    HttpCollapseStats stats();
  }

  /** What a test does with the clients. */
  @FunctionalInterface
  public interface ClientsTest {
    void run(Clients clients) throws Exception;
  }

  /** Makes a GET to {@code path} with {@code client}; returns the body. */
  @FunctionalInterface
  public interface Get<C> {
    String get(C client, String path) throws Exception;
  }

  /** Returns a client made by {@code client} for each certificate, by the certificate's name. */
  protected static <C> Map<String, C> each(Map<String, HandshakeCertificates> certificates,
      Function<HandshakeCertificates, C> client) {
    Map<String, C> clients = new HashMap<>();
    certificates.forEach((name, tls) -> clients.put(name, client.apply(tls)));
    return clients;
  }

  /**
   * Returns the clients of {@code byName}, each called with {@code get}, behind the adapter whose
   * counters {@code stats} returns.
   */
  protected static <C> Clients clients(Map<String, C> byName, Get<C> get,
      Supplier<HttpCollapseStats> stats) {
    return new Clients() {
      @Override
      public String get(String name, String path) throws Exception {
        return get.get(byName.get(name), path);
      }

      @Override
      public HttpCollapseStats stats() {
        return stats.get();
      }
    };
  }

  /**
   * Makes a client of {@code baseUrl} for each entry of {@code certificates}, named by its key and
   * presenting its certificate, behind one collapse adapter that collapses {@link #GROUP}, put in
   * place as the adapter's users would; runs {@code test} with them, then closes them.
   */
  protected abstract void withClients(String baseUrl,
      Map<String, HandshakeCertificates> certificates, ClientsTest test) throws Exception;

  @BeforeEach
  void start() {
    baseUrl = backend.start();
  }

  @AfterEach
  void stop() {
    backend.stop();
  }

  @Test
  void callersOfClientsWithDifferentCertificatesEachGetTheirOwnCertificatesResponse()
      throws Exception {
    withClients(baseUrl, CERTIFICATES.clients(), clients -> {
      List<String> wrong = round(clients, List.of("alice", "bob"));

      assertThat(wrong).as("callers that got another certificate's response").isEmpty();
      assertThat(backend.calls()).as("backend calls, %s", clients.stats()).isBetween(2, 10);
    });
  }

  @Test
  void callersOfOneClientStillShareOneCall() throws Exception {
    withClients(baseUrl, CERTIFICATES.clients(), clients -> {
      List<String> wrong = round(clients, List.of("alice"));

      assertThat(wrong).as("callers that got another certificate's response").isEmpty();
      assertThat(backend.calls()).as("backend calls, %s", clients.stats()).isBetween(1, 5);
    });
  }

  /** Returns the certificates of the contract's clients, {@code alice} and {@code bob}. */
  protected static Map<String, HandshakeCertificates> certificates() {
    return CERTIFICATES.clients();
  }

  /** Returns the base URL of the backend of the test that runs. */
  protected final String baseUrl() {
    return baseUrl;
  }

  /** Returns how many requests reached the backend. */
  protected final int backendCalls() {
    return backend.calls();
  }

  /**
   * Runs {@link #CALLERS} callers of {@link #PATH} at once, cycling through the clients
   * {@code names}, and returns a line for each caller whose answer is not its own certificate's.
   * A name stands for the certificate whose name it starts with ({@code alice-copy} presents
   * {@code alice}'s).
   */
  protected final List<String> round(Clients clients, List<String> names) throws Exception {
    AtomicInteger next = new AtomicInteger();
    backend.arrivals().expect(CALLERS);
    List<List<String>> answers = Concurrently.run(CALLERS, () -> {
      String name = names.get(next.getAndIncrement() % names.size());
      backend.arrivals().arrive();
      return List.of(name, clients.get(name, PATH));
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
}
