package io.github.collapseexecutor.spring.http.client;

import static io.github.collapseexecutor.testing.http.PerUserBackend.PATH;
import static io.github.collapseexecutor.testing.http.PerUserBackend.assertEachCallerGetsItsOwn;
import static io.github.collapseexecutor.testing.http.PerUserBackend.secret;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.boot.autoconfigure.LineFixtures;
import io.github.collapseexecutor.testing.http.PerUserBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.support.BasicAuthenticationInterceptor;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.util.DefaultUriBuilderFactory;

/**
 * Every way only a RestClient or RestTemplate has to carry a credential keeps users apart (the
 * headers a caller sets on its request are {@code ClientCredentialsContract}'s): four users call
 * at once, several times each, against a backend that answers per user without {@code Vary}, and
 * no caller may get a response made for another user. One interceptor serves every client, as the
 * auto-configured one does.
 */
@Timeout(60)
final class CollapseHttpRequestInterceptorCredentialsTest {

  private static final int USERS = 4;
  private static final int CALLS_PER_USER = 5;

  private final PerUserBackend backend = new PerUserBackend();
  private final CollapseHttpRequestInterceptor collapse =
      new CollapseHttpRequestInterceptor(
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

  private RestClient.Builder builder() {
    return RestClient.builder().baseUrl(baseUrl);
  }

  /** One client per user, made by {@code client}. */
  private static List<RestClient> perUser(IntFunction<RestClient> client) {
    List<RestClient> clients = new ArrayList<>();
    for (int user = 0; user < USERS; user++) {
      clients.add(client.apply(user));
    }
    return clients;
  }

  private static String get(RestClient client) {
    return client.get().uri(PATH).retrieve().body(String.class);
  }

  private void assertCallersOfTheSameUserStillShare() {
    assertThat(backend.calls()).isLessThan(USERS * CALLS_PER_USER);
  }

  @Test
  void cookiesGivenThroughTheCookieApiKeepUsersApart() throws Exception {
    RestClient client = builder().requestInterceptor(collapse).build();

    assertEachCallerGetsItsOwn(
        USERS,
        CALLS_PER_USER,
        user ->
            client.get().uri(PATH).cookie("SESSION", secret(user)).retrieve().body(String.class));
    assertCallersOfTheSameUserStillShare();
  }

  @Test
  void defaultCookiesOfDifferentClientsKeepUsersApart() throws Exception {
    List<RestClient> clients =
        perUser(
            user ->
                builder()
                    .defaultCookie("SESSION", secret(user))
                    .requestInterceptor(collapse)
                    .build());

    assertEachCallerGetsItsOwn(USERS, CALLS_PER_USER, user -> get(clients.get(user)));
  }

  @Test
  void defaultHeadersOfDifferentClientsKeepUsersApart() throws Exception {
    List<RestClient> clients =
        perUser(
            user ->
                builder()
                    .defaultHeader(HttpHeaders.AUTHORIZATION, "Bearer " + secret(user))
                    .requestInterceptor(collapse)
                    .build());

    assertEachCallerGetsItsOwn(USERS, CALLS_PER_USER, user -> get(clients.get(user)));
  }

  @Test
  void headersOfADefaultRequestKeepUsersApart() throws Exception {
    List<RestClient> clients =
        perUser(
            user ->
                builder()
                    .defaultRequest(request -> request.header("X-Api-Key", secret(user)))
                    .requestInterceptor(collapse)
                    .build());

    assertEachCallerGetsItsOwn(USERS, CALLS_PER_USER, user -> get(clients.get(user)));
  }

  @Test
  void anInterceptorBeforeTheCollapseOneIsSeen() throws Exception {
    List<RestClient> clients =
        perUser(
            user ->
                builder()
                    .requestInterceptor(new BasicAuthenticationInterceptor(secret(user), "pw"))
                    .requestInterceptor(collapse)
                    .build());

    assertEachCallerGetsItsOwn(
        USERS, CALLS_PER_USER, PerUserBackend::basic, user -> get(clients.get(user)));
    assertCallersOfTheSameUserStillShare();
  }

  @Test
  void anInterceptorAfterTheCollapseOneTurnsCollapseOff() throws Exception {
    List<RestClient> clients =
        perUser(
            user ->
                builder()
                    .requestInterceptor(collapse)
                    .requestInterceptor(new BasicAuthenticationInterceptor(secret(user), "pw"))
                    .build());

    assertEachCallerGetsItsOwn(
        USERS, CALLS_PER_USER, PerUserBackend::basic, user -> get(clients.get(user)));
    assertThat(collapse.stats().passedThrough()).isEqualTo(USERS * CALLS_PER_USER);
  }

  @Test
  void anAttributeThatALaterInterceptorTurnsIntoAHeaderKeepsUsersApart() throws Exception {
    ClientHttpRequestInterceptor apiKeyFromAttribute =
        (request, body, execution) -> {
          request.getHeaders().set("X-Api-Key", (String) request.getAttributes().get("user"));
          return execution.execute(request, body);
        };
    RestClient client =
        builder().requestInterceptor(collapse).requestInterceptor(apiKeyFromAttribute).build();

    assertEachCallerGetsItsOwn(
        USERS,
        CALLS_PER_USER,
        user ->
            client.get().uri(PATH).attribute("user", secret(user)).retrieve().body(String.class));
  }

  @Test
  void restTemplateBasicAuthenticationAndCookieHeadersKeepUsersApart() throws Exception {
    DefaultUriBuilderFactory uris = new DefaultUriBuilderFactory(baseUrl);
    List<RestTemplate> templates = new ArrayList<>();
    for (int user = 0; user < USERS; user++) {
      templates.add(
          LineFixtures.restTemplates()
              .uriTemplateHandler(uris)
              .basicAuthentication(secret(user), "pw")
              .additionalInterceptors(collapse)
              .build());
    }
    RestTemplate plain =
        LineFixtures.restTemplates()
            .uriTemplateHandler(uris)
            .additionalInterceptors(collapse)
            .build();

    assertEachCallerGetsItsOwn(
        USERS,
        CALLS_PER_USER,
        PerUserBackend::basic,
        user -> templates.get(user).getForObject(PATH, String.class));
    assertEachCallerGetsItsOwn(
        USERS,
        CALLS_PER_USER,
        user -> {
          HttpHeaders headers = new HttpHeaders();
          headers.add(HttpHeaders.COOKIE, "SESSION=" + secret(user));
          return plain
              .exchange(PATH, HttpMethod.GET, new HttpEntity<>(headers), String.class)
              .getBody();
        });
  }

  /**
   * A request initializer runs when RestClient creates the request, before the interceptors: what
   * it sets per call (here from the caller's thread) is in the key.
   */
  @Test
  void headersOfARequestInitializerKeepUsersApart() throws Exception {
    ThreadLocal<String> currentUser = new ThreadLocal<>();
    RestClient client =
        builder()
            .requestInitializer(request -> request.getHeaders().setBearerAuth(currentUser.get()))
            .requestInterceptor(collapse)
            .build();

    assertEachCallerGetsItsOwn(
        USERS,
        CALLS_PER_USER,
        user -> {
          currentUser.set(secret(user));
          try {
            return get(client);
          } finally {
            currentUser.remove();
          }
        });
    assertCallersOfTheSameUserStillShare();
  }

  @Test
  void acceptGivenThroughTheAcceptApiKeepsRepresentationsApart() throws Exception {
    RestClient client = builder().requestInterceptor(collapse).build();

    assertEachCallerGetsItsOwn(
        USERS,
        CALLS_PER_USER,
        user ->
            client
                .get()
                .uri(PATH)
                .accept(MediaType.valueOf("text/" + secret(user)))
                .retrieve()
                .body(String.class));
  }
}
