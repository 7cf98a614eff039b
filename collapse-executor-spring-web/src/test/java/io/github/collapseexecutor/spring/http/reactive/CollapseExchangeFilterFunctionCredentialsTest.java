package io.github.collapseexecutor.spring.http.reactive;

import static io.github.collapseexecutor.testing.http.PerUserBackend.PATH;
import static io.github.collapseexecutor.testing.http.PerUserBackend.assertEachCallerGetsItsOwn;
import static io.github.collapseexecutor.testing.http.PerUserBackend.secret;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.PerUserBackend;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.ExchangeFilterFunctions;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Every way only a WebClient has to carry a credential keeps users apart (the headers a caller
 * sets on its request are {@code ClientCredentialsContract}'s): four users subscribe at once,
 * several times each, against a backend that answers per user without {@code Vary}, and no
 * subscriber may get a response made for another user. One filter serves every client, as the
 * auto-configured one does.
 */
@Timeout(60)
final class CollapseExchangeFilterFunctionCredentialsTest {

  private static final int USERS = 4;
  private static final int CALLS_PER_USER = 5;
  private static final Duration TIMEOUT = Duration.ofSeconds(20);

  private final PerUserBackend backend = new PerUserBackend();
  private final CollapseExchangeFilterFunction collapse =
      new CollapseExchangeFilterFunction(
          HttpCollapseOptions.builder().group(CollapseGroup.ofUris(PATH)).build());
  private String baseUrl;

  @BeforeEach
  void start() {
    baseUrl = backend.start();
  }

  @AfterEach
  void stop() {
    collapse.close();
    backend.stop();
  }

  private WebClient.Builder builder() {
    return WebClient.builder().baseUrl(baseUrl);
  }

  /** One client per user, made by {@code client}. */
  private static List<WebClient> perUser(IntFunction<WebClient> client) {
    List<WebClient> clients = new ArrayList<>();
    for (int user = 0; user < USERS; user++) {
      clients.add(client.apply(user));
    }
    return clients;
  }

  private static String get(WebClient.RequestHeadersSpec<?> request) {
    return request.retrieve().bodyToMono(String.class).block(TIMEOUT);
  }

  private void assertCallersOfTheSameUserStillShare() {
    assertThat(backend.calls()).isLessThan(USERS * CALLS_PER_USER);
  }

  @Test
  void cookiesGivenThroughTheCookieApiKeepUsersApart() throws Exception {
    WebClient client = builder().filter(collapse).build();

    assertEachCallerGetsItsOwn(
        USERS, CALLS_PER_USER, user -> get(client.get().uri(PATH).cookie("SESSION", secret(user))));
    assertCallersOfTheSameUserStillShare();
    assertEachCallerGetsItsOwn(
        USERS,
        CALLS_PER_USER,
        user ->
            get(client.get().uri(PATH).cookies(cookies -> cookies.add("SESSION", secret(user)))));
  }

  @Test
  void defaultCookiesOfDifferentClientsKeepUsersApart() throws Exception {
    List<WebClient> clients =
        perUser(user -> builder().defaultCookie("SESSION", secret(user)).filter(collapse).build());

    assertEachCallerGetsItsOwn(
        USERS, CALLS_PER_USER, user -> get(clients.get(user).get().uri(PATH)));
  }

  @Test
  void defaultHeadersOfDifferentClientsKeepUsersApart() throws Exception {
    List<WebClient> clients =
        perUser(
            user ->
                builder()
                    .defaultHeader(HttpHeaders.AUTHORIZATION, "Bearer " + secret(user))
                    .filter(collapse)
                    .build());

    assertEachCallerGetsItsOwn(
        USERS, CALLS_PER_USER, user -> get(clients.get(user).get().uri(PATH)));
  }

  @Test
  void aFilterBeforeTheCollapseOneIsSeen() throws Exception {
    List<WebClient> clients =
        perUser(
            user ->
                builder()
                    .filter(ExchangeFilterFunctions.basicAuthentication(secret(user), "pw"))
                    .filter(collapse)
                    .build());

    assertEachCallerGetsItsOwn(
        USERS,
        CALLS_PER_USER,
        PerUserBackend::basic,
        user -> get(clients.get(user).get().uri(PATH)));
    assertCallersOfTheSameUserStillShare();
  }

  /** A cookie a filter before the collapse one adds is among the request's cookies. */
  @Test
  void cookiesAFilterBeforeTheCollapseOneAddsKeepUsersApart() throws Exception {
    List<WebClient> clients =
        perUser(
            user ->
                builder()
                    .filter(
                        (request, next) ->
                            next.exchange(
                                ClientRequest.from(request)
                                    .cookie("SESSION", secret(user))
                                    .build()))
                    .filter(collapse)
                    .build());

    assertEachCallerGetsItsOwn(
        USERS, CALLS_PER_USER, user -> get(clients.get(user).get().uri(PATH)));
    assertCallersOfTheSameUserStillShare();
  }

  @Test
  void aFilterAfterTheCollapseOneThatAddsCredentialsKeepsUsersApart() throws Exception {
    List<WebClient> clients =
        perUser(
            user ->
                builder()
                    .filter(collapse)
                    .filter(ExchangeFilterFunctions.basicAuthentication(secret(user), "pw"))
                    .build());

    assertEachCallerGetsItsOwn(
        USERS,
        CALLS_PER_USER,
        PerUserBackend::basic,
        user -> get(clients.get(user).get().uri(PATH)));
    assertThat(collapse.stats().replayed()).isZero();
  }

  @Test
  void anAttributeThatALaterFilterTurnsIntoAHeaderKeepsUsersApart() throws Exception {
    ExchangeFilterFunction apiKeyFromAttribute =
        (request, next) ->
            next.exchange(
                ClientRequest.from(request)
                    .header("X-Api-Key", (String) request.attribute("user").orElseThrow())
                    .build());
    WebClient client = builder().filter(collapse).filter(apiKeyFromAttribute).build();

    assertEachCallerGetsItsOwn(
        USERS, CALLS_PER_USER, user -> get(client.get().uri(PATH).attribute("user", secret(user))));
  }

  @Test
  void acceptGivenThroughTheAcceptApiKeepsRepresentationsApart() throws Exception {
    WebClient client = builder().filter(collapse).build();

    assertEachCallerGetsItsOwn(
        USERS,
        CALLS_PER_USER,
        user -> get(client.get().uri(PATH).accept(MediaType.valueOf("text/" + secret(user)))));
  }
}
