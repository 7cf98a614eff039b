package io.github.collapseexecutor.testing.http;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * A backend on loopback that answers every caller with the credentials and negotiation headers it
 * received, echoed in the body, and no {@code Vary}: a response made for one user names that user
 * only. Each answer takes 300 ms, so callers started together overlap. {@link #CHALLENGED_PATH}
 * answers the same way, but 401 with a challenge to a request without {@code Authorization}.
 */
public final class PerUserBackend {

  /** The path every test calls; collapse groups must cover it. */
  public static final String PATH = "/user/me";

  /** A path that challenges requests without {@code Authorization}. */
  public static final String CHALLENGED_PATH = "/user/challenged";

  private static final String ECHO =
      "cookie={{request.headers.Cookie}}"
          + " authorization={{request.headers.Authorization}}"
          + " proxy={{request.headers.[Proxy-Authorization]}}"
          + " key={{request.headers.[X-Api-Key]}}"
          + " accept={{request.headers.Accept}}"
          + " language={{request.headers.[Accept-Language]}}";

  private final CountingBackend backend = new CountingBackend();

  /** Makes one call as {@code user} and returns the body the caller got. */
  @FunctionalInterface
  public interface UserCall {
    String call(int user) throws Exception;
  }

  /** Starts the server and returns its base URL. */
  public String start() {
    var server = backend.start();
    server.stubFor(
        get(urlPathEqualTo(PATH))
            .willReturn(
                aResponse()
                    .withHeader("Content-Type", "text/plain")
                    .withBody(ECHO)
                    .withTransformers("response-template")
                    .withFixedDelay(300)));
    server.stubFor(
        get(urlPathEqualTo(CHALLENGED_PATH))
            .atPriority(1)
            .withHeader("Authorization", absent())
            .willReturn(
                aResponse()
                    .withStatus(401)
                    .withHeader("WWW-Authenticate", "Basic realm=\"users\"")
                    .withFixedDelay(300)));
    server.stubFor(
        get(urlPathEqualTo(CHALLENGED_PATH))
            .atPriority(2)
            .willReturn(
                aResponse()
                    .withHeader("Content-Type", "text/plain")
                    .withBody(ECHO)
                    .withTransformers("response-template")
                    .withFixedDelay(300)));
    return server.baseUrl();
  }

  /** Stops the server. */
  public void stop() {
    backend.stop();
  }

  /** Returns how many requests reached the server. */
  public int calls() {
    return backend.gets(PATH);
  }

  /** Returns the secret of {@code user}: a cookie value, a token, a key. */
  public static String secret(int user) {
    return "user" + user + "-secret";
  }

  /** Returns the {@code Authorization} value of {@code user} with basic authentication. */
  public static String basic(int user) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((secret(user) + ":pw").getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Makes {@code users * callsPerUser} calls at once, call {@code i} as user
   * {@code i % users}, and asserts that every caller's body holds what its own user sent
   * ({@code sent}) and nothing another user sent.
   */
  public static void assertEachCallerGetsItsOwn(
      int users, int callsPerUser, IntFunction<String> sent, UserCall call) throws Exception {
    AtomicInteger next = new AtomicInteger();
    List<String[]> observed =
        Concurrently.run(
            users * callsPerUser,
            () -> {
              int user = next.getAndIncrement() % users;
              return new String[] {String.valueOf(user), call.call(user)};
            });
    List<String> wrong = new ArrayList<>();
    for (String[] userAndBody : observed) {
      int user = Integer.parseInt(userAndBody[0]);
      boolean own = userAndBody[1].contains(sent.apply(user));
      for (int other = 0; other < users; other++) {
        own &= other == user || !userAndBody[1].contains(sent.apply(other));
      }
      if (!own) {
        wrong.add("user " + user + " got: " + userAndBody[1]);
      }
    }
    assertThat(wrong).as("callers that got another user's response").isEmpty();
  }

  /** {@link #assertEachCallerGetsItsOwn} with each user's {@link #secret(int)} sent. */
  public static void assertEachCallerGetsItsOwn(int users, int callsPerUser, UserCall call)
      throws Exception {
    assertEachCallerGetsItsOwn(users, callsPerUser, PerUserBackend::secret, call);
  }
}
