package io.github.collapseexecutor.testing.http;

import static io.github.collapseexecutor.testing.http.PerUserBackend.PATH;
import static io.github.collapseexecutor.testing.http.PerUserBackend.assertEachCallerGetsItsOwn;
import static io.github.collapseexecutor.testing.http.PerUserBackend.basic;
import static io.github.collapseexecutor.testing.http.PerUserBackend.secret;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.collapseexecutor.http.CollapseGroup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Credentials and negotiation headers a caller sets on its own request keep users apart, for
 * every client adapter: four users call at once, several times each, against a backend that
 * answers per user without {@code Vary} ({@link PerUserBackend}), and no caller may get a response
 * made for another user. The ways only one client has to carry a credential (a cookie jar, an
 * authenticator, a filter or interceptor before or after the collapse one) are cases of that
 * adapter's own tests.
 */
public interface ClientCredentialsContract extends ClientContract {

  /** How many users call at once. */
  int USERS = 4;

  /** How many calls each user makes in a round. */
  int CALLS_PER_USER = 5;

  @Test
  @Timeout(60)
  default void credentialHeadersSetPerRequestKeepUsersApart() throws Exception {
    withPerUserClient(
        client -> {
          assertEachCallerGetsItsOwn(
              USERS,
              CALLS_PER_USER,
              PerUserBackend::basic,
              user -> client.send(Call.get(PATH, "Authorization", basic(user))).text());
          assertEachCallerGetsItsOwn(
              USERS,
              CALLS_PER_USER,
              user -> client.send(Call.get(PATH, "Cookie", "s=" + secret(user))).text());
          assertEachCallerGetsItsOwn(
              USERS,
              CALLS_PER_USER,
              user -> client.send(Call.get(PATH, "X-Api-Key", secret(user))).text());
        });
  }

  /**
   * A {@code Proxy-Authorization} set per request; skipped for a client that does not send it to
   * an origin server (the JDK's drops it), which then has nothing to keep apart.
   */
  @Test
  @Timeout(60)
  default void proxyAuthorizationSetPerRequestKeepsUsersApart() throws Exception {
    withPerUserClient(
        client -> {
          assumeTrue(
              client
                  .send(Call.get(PATH, "Proxy-Authorization", secret(0)))
                  .text()
                  .contains(secret(0)),
              "the client does not send a Proxy-Authorization of its caller's");

          assertEachCallerGetsItsOwn(
              USERS,
              CALLS_PER_USER,
              user -> client.send(Call.get(PATH, "Proxy-Authorization", secret(user))).text());
        });
  }

  @Test
  @Timeout(60)
  default void acceptAndAcceptLanguageSetPerRequestKeepRepresentationsApart() throws Exception {
    withPerUserClient(
        client -> {
          assertEachCallerGetsItsOwn(
              USERS,
              CALLS_PER_USER,
              user -> client.send(Call.get(PATH, "Accept", "text/" + secret(user))).text());
          assertEachCallerGetsItsOwn(
              USERS,
              CALLS_PER_USER,
              user -> client.send(Call.get(PATH, "Accept-Language", secret(user))).text());
        });
  }

  /** What a case does with the client. */
  @FunctionalInterface
  interface PerUserCase {
    void run(DrivenClient client) throws Exception;
  }

  private void withPerUserClient(PerUserCase test) throws Exception {
    PerUserBackend backend = new PerUserBackend();
    try (DrivenClient client =
        open(backend.start(), options().group(CollapseGroup.ofUris(PATH)).build())) {
      test.run(client);
    } finally {
      backend.stop();
    }
  }
}
