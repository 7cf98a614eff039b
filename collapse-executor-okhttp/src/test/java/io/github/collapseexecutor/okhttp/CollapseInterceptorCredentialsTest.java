package io.github.collapseexecutor.okhttp;

import static io.github.collapseexecutor.testing.http.PerUserBackend.CHALLENGED_PATH;
import static io.github.collapseexecutor.testing.http.PerUserBackend.PATH;
import static io.github.collapseexecutor.testing.http.PerUserBackend.assertEachCallerGetsItsOwn;
import static io.github.collapseexecutor.testing.http.PerUserBackend.basic;
import static io.github.collapseexecutor.testing.http.PerUserBackend.secret;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.PerUserBackend;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import okhttp3.Cookie;
import okhttp3.CookieJar;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every way only an OkHttp client has to carry a credential keeps users apart (the headers a
 * caller sets on its request are {@code ClientCredentialsContract}'s): four users call at once,
 * several times each, against a backend that answers per user without {@code Vary}, and no caller
 * may get a response made for another user. One interceptor serves every client, each client a
 * copy of one base client made with {@code newBuilder()}.
 */
@Timeout(60)
final class CollapseInterceptorCredentialsTest {

  private static final int USERS = 4;
  private static final int CALLS_PER_USER = 5;

  private final PerUserBackend backend = new PerUserBackend();
  private final CollapseInterceptor collapse =
      new CollapseInterceptor(
          HttpCollapseOptions.builder().group(CollapseGroup.ofUris(PATH, CHALLENGED_PATH)).build());
  private final OkHttpClient base = new OkHttpClient();
  private String baseUrl;

  @BeforeEach
  void start() {
    baseUrl = backend.start();
  }

  @AfterEach
  void stop() {
    collapse.close();
    backend.stop();
    base.dispatcher().executorService().shutdown();
    base.connectionPool().evictAll();
  }

  /** One client per user, made by {@code client} from a builder of the base client. */
  private List<OkHttpClient> perUser(IntFunction<OkHttpClient> client) {
    List<OkHttpClient> clients = new ArrayList<>();
    for (int user = 0; user < USERS; user++) {
      clients.add(client.apply(user));
    }
    return clients;
  }

  private String get(OkHttpClient client, String path) throws IOException {
    return get(client, new Request.Builder().url(baseUrl + path));
  }

  private static String get(OkHttpClient client, Request.Builder request) throws IOException {
    try (Response response = client.newCall(request.build()).execute()) {
      return response.body().string();
    }
  }

  private static Interceptor header(String name, String value) {
    return chain -> chain.proceed(chain.request().newBuilder().header(name, value).build());
  }

  private void assertCallersOfTheSameUserStillShare() {
    assertThat(backend.calls()).isLessThan(USERS * CALLS_PER_USER);
  }

  @Test
  void cookiesOfACookieJarKeepUsersApart() throws Exception {
    List<OkHttpClient> clients =
        perUser(
            user ->
                base.newBuilder()
                    .cookieJar(new SessionJar(secret(user)))
                    .addInterceptor(collapse)
                    .build());

    assertEachCallerGetsItsOwn(USERS, CALLS_PER_USER, user -> get(clients.get(user), PATH));
    assertCallersOfTheSameUserStillShare();
  }

  @Test
  void anInterceptorBeforeTheCollapseOneIsSeen() throws Exception {
    List<OkHttpClient> clients =
        perUser(
            user ->
                base.newBuilder()
                    .addInterceptor(header("Authorization", basic(user)))
                    .addInterceptor(collapse)
                    .build());

    assertEachCallerGetsItsOwn(
        USERS, CALLS_PER_USER, PerUserBackend::basic, user -> get(clients.get(user), PATH));
    assertCallersOfTheSameUserStillShare();
  }

  @Test
  void anInterceptorAfterTheCollapseOneTurnsCollapseOff() throws Exception {
    List<OkHttpClient> clients =
        perUser(
            user ->
                base.newBuilder()
                    .addInterceptor(collapse)
                    .addInterceptor(header("Authorization", basic(user)))
                    .build());

    assertEachCallerGetsItsOwn(
        USERS, CALLS_PER_USER, PerUserBackend::basic, user -> get(clients.get(user), PATH));
    assertThat(collapse.stats().passedThrough()).isEqualTo(USERS * CALLS_PER_USER);
  }

  @Test
  void networkInterceptorsOfDifferentClientsKeepUsersApart() throws Exception {
    List<OkHttpClient> clients =
        perUser(
            user ->
                base.newBuilder()
                    .addInterceptor(collapse)
                    .addNetworkInterceptor(header("X-Api-Key", secret(user)))
                    .build());

    assertEachCallerGetsItsOwn(USERS, CALLS_PER_USER, user -> get(clients.get(user), PATH));
    assertCallersOfTheSameUserStillShare();
  }

  @Test
  void authenticatorsOfDifferentClientsKeepUsersApart() throws Exception {
    List<OkHttpClient> clients =
        perUser(
            user ->
                base.newBuilder()
                    .addInterceptor(collapse)
                    .authenticator(
                        (route, response) ->
                            response
                                .request()
                                .newBuilder()
                                .header("Authorization", basic(user))
                                .build())
                    .build());

    assertEachCallerGetsItsOwn(
        USERS,
        CALLS_PER_USER,
        PerUserBackend::basic,
        user -> get(clients.get(user), CHALLENGED_PATH));
  }

  /** A network interceptor runs after the key is built; the tags it may read are in the key. */
  @Test
  void tagsThatANetworkInterceptorTurnsIntoAHeaderKeepUsersApart() throws Exception {
    OkHttpClient client =
        base.newBuilder()
            .addInterceptor(collapse)
            .addNetworkInterceptor(
                chain ->
                    chain.proceed(
                        chain
                            .request()
                            .newBuilder()
                            .header("X-Api-Key", chain.request().tag(String.class))
                            .build()))
            .build();
    Request request = new Request.Builder().url(baseUrl + PATH).build();

    assertEachCallerGetsItsOwn(
        USERS,
        CALLS_PER_USER,
        user -> get(client, request.newBuilder().tag(String.class, secret(user))));
  }

  /** An authenticator runs after the key is built; the tags it may read are in the key. */
  @Test
  void tagsThatAnAuthenticatorTurnsIntoACredentialKeepUsersApart() throws Exception {
    OkHttpClient client =
        base.newBuilder()
            .addInterceptor(collapse)
            .authenticator(
                (route, response) ->
                    response
                        .request()
                        .newBuilder()
                        .header("Authorization", response.request().tag(String.class))
                        .build())
            .build();
    Request request = new Request.Builder().url(baseUrl + CHALLENGED_PATH).build();

    assertEachCallerGetsItsOwn(
        USERS,
        CALLS_PER_USER,
        PerUserBackend::basic,
        user -> get(client, request.newBuilder().tag(String.class, basic(user))));
  }

  /** A cookie jar that holds one session cookie for every URL. */
  private record SessionJar(String session) implements CookieJar {

    @Override
    public void saveFromResponse(HttpUrl url, List<Cookie> cookies) {}

    @Override
    public List<Cookie> loadForRequest(HttpUrl url) {
      return List.of(
          new Cookie.Builder().name("SESSION").value(session).domain(url.host()).build());
    }
  }
}
