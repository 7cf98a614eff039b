package io.github.collapseexecutor.jdk.httpclient;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.testing.http.StuckFirstBackend;
import java.io.InputStream;
import java.net.Authenticator;
import java.net.CookieManager;
import java.net.HttpCookie;
import java.net.PasswordAuthentication;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What is particular to the JDK's client: each caller's own body handler reads the shared
 * response, and the client's own credential channels (its cookie handler, its authenticator) keep
 * callers apart. Against a server whose first call hangs until released, so that every caller
 * sent after it is in place finds the call in progress.
 */
final class CollapsingHttpClientTest {

  private final StuckFirstBackend backend = new StuckFirstBackend();
  private final HttpCollapseOptions options =
      HttpCollapseOptions.builder()
          .group(CollapseGroup.ofUris("/slow/*"))
          .waitTimeout(Duration.ofSeconds(15))
          .build();

  @BeforeEach
  void start() {
    backend.start();
  }

  @AfterEach
  void stop() {
    backend.stop();
  }

  @Test
  @Timeout(20)
  void callersWithDifferentBodyHandlersEachReadTheSharedResponseTheirWay() throws Exception {
    try (CollapsingHttpClient client =
        CollapsingHttpClient.wrap(HttpClient.newHttpClient(), options)) {
      CompletableFuture<HttpResponse<String>> string =
          client.sendAsync(request(), BodyHandlers.ofString());
      backend.awaitFirst();
      CompletableFuture<HttpResponse<byte[]>> bytes =
          client.sendAsync(request(), BodyHandlers.ofByteArray());
      CompletableFuture<HttpResponse<InputStream>> stream =
          client.sendAsync(request(), BodyHandlers.ofInputStream());
      CompletableFuture<HttpResponse<Stream<String>>> lines =
          client.sendAsync(request(), BodyHandlers.ofLines());
      CompletableFuture<HttpResponse<Void>> discarded =
          client.sendAsync(request(), BodyHandlers.discarding());

      backend.release();

      assertThat(string.get(10, TimeUnit.SECONDS).body()).isEqualTo("call 1");
      assertThat(new String(bytes.get(10, TimeUnit.SECONDS).body(), StandardCharsets.UTF_8))
          .isEqualTo("call 1");
      try (InputStream body = stream.get(10, TimeUnit.SECONDS).body()) {
        assertThat(new String(body.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("call 1");
      }
      assertThat(lines.get(10, TimeUnit.SECONDS).body().collect(Collectors.joining()))
          .isEqualTo("call 1");
      HttpResponse<Void> empty = discarded.get(10, TimeUnit.SECONDS);
      assertThat(empty.statusCode()).isEqualTo(200);
      assertThat(empty.request().uri()).isEqualTo(request().uri());
      assertThat(backend.calls()).isEqualTo(1);
      assertThat(client.stats().replayed()).as("the callers that waited").isEqualTo(4);
    }
  }

  @Test
  @Timeout(20)
  void aCallerWhoseCookieHandlerAddsOtherCookiesMakesItsOwnCall() throws Exception {
    CookieManager cookies = new CookieManager();
    try (CollapsingHttpClient client =
        CollapsingHttpClient.wrap(
            HttpClient.newBuilder().cookieHandler(cookies).build(), options)) {
      CompletableFuture<HttpResponse<String>> anonymous =
          client.sendAsync(request(), BodyHandlers.ofString());
      backend.awaitFirst();
      HttpCookie session = new HttpCookie("session", "alice");
      session.setPath("/");
      cookies.getCookieStore().add(URI.create(backend.baseUrl()), session);

      HttpResponse<String> alice = client.send(request(), BodyHandlers.ofString());

      assertThat(alice.body())
          .as("alice's call did not wait for the anonymous one")
          .isEqualTo("call 2");
      backend.release();
      assertThat(anonymous.get(10, TimeUnit.SECONDS).body()).isEqualTo("call 1");
    }
  }

  @Test
  @Timeout(20)
  void aRequestForAnotherHttpVersionMakesItsOwnCall() throws Exception {
    try (CollapsingHttpClient client =
        CollapsingHttpClient.wrap(
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build(), options)) {
      CompletableFuture<HttpResponse<String>> first =
          client.sendAsync(request(), BodyHandlers.ofString());
      backend.awaitFirst();
      HttpRequest http2 =
          HttpRequest.newBuilder(request(), (name, value) -> true)
              .version(HttpClient.Version.HTTP_2)
              .build();

      assertThat(client.send(http2, BodyHandlers.ofString()).body()).isEqualTo("call 2");
      backend.release();
      assertThat(first.get(10, TimeUnit.SECONDS).body()).isEqualTo("call 1");
    }
  }

  @Test
  @Timeout(20)
  void aClientWithAnAuthenticatorCollapsesNothingUnlessTheApplicationDeclaresIt() throws Exception {
    HttpClient authenticating =
        HttpClient.newBuilder()
            .authenticator(
                new Authenticator() {
                  @Override
                  protected PasswordAuthentication getPasswordAuthentication() {
                    return new PasswordAuthentication("alice", "secret".toCharArray());
                  }
                })
            .build();
    try (CollapsingHttpClient client = CollapsingHttpClient.wrap(authenticating, options)) {
      CompletableFuture<HttpResponse<String>> first =
          client.sendAsync(request(), BodyHandlers.ofString());
      backend.awaitFirst();

      assertThat(client.send(request(), BodyHandlers.ofString()).body()).isEqualTo("call 2");
      assertThat(client.stats().passedThrough()).isEqualTo(2);
      backend.release();
      assertThat(first.get(10, TimeUnit.SECONDS).body()).isEqualTo("call 1");
    }
  }

  @Test
  @Timeout(20)
  void aDeclaredAuthenticatorLetsCallersShare() throws Exception {
    HttpClient authenticating =
        HttpClient.newBuilder()
            .authenticator(
                new Authenticator() {
                  @Override
                  protected PasswordAuthentication getPasswordAuthentication() {
                    return new PasswordAuthentication("service", "secret".toCharArray());
                  }
                })
            .build();
    try (CollapsingHttpClient client =
        CollapsingHttpClient.builder(authenticating, options)
            .authenticatorSharedAcrossCallers(true)
            .build()) {
      CompletableFuture<HttpResponse<String>> first =
          client.sendAsync(request(), BodyHandlers.ofString());
      backend.awaitFirst();
      CompletableFuture<HttpResponse<String>> second =
          client.sendAsync(request(), BodyHandlers.ofString());

      backend.release();

      assertThat(first.get(10, TimeUnit.SECONDS).body()).isEqualTo("call 1");
      assertThat(second.get(10, TimeUnit.SECONDS).body()).isEqualTo("call 1");
      assertThat(backend.calls()).isEqualTo(1);
    }
  }

  @Test
  @Timeout(20)
  void aBodyLargerThanTheLimitReachesTheLeaderWholeAndTheWaitersMakeTheirOwnCalls()
      throws Exception {
    HttpCollapseOptions small =
        HttpCollapseOptions.builder()
            .group(CollapseGroup.ofUris("/slow/*"))
            .maxBodyBytes(3)
            .build();
    try (CollapsingHttpClient client =
        CollapsingHttpClient.wrap(HttpClient.newHttpClient(), small)) {
      CompletableFuture<HttpResponse<InputStream>> leader =
          client.sendAsync(request(), BodyHandlers.ofInputStream());
      backend.awaitFirst();
      CompletableFuture<HttpResponse<String>> waiter =
          client.sendAsync(request(), BodyHandlers.ofString());

      backend.release();

      try (InputStream body = leader.get(10, TimeUnit.SECONDS).body()) {
        assertThat(new String(body.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("call 1");
      }
      assertThat(waiter.get(10, TimeUnit.SECONDS).body()).isEqualTo("call 2");
      assertThat(client.stats().unshared(UnsharedReason.TOO_LARGE)).isEqualTo(2);
    }
  }

  private HttpRequest request() {
    return HttpRequest.newBuilder(URI.create(backend.baseUrl() + "/slow/1")).build();
  }
}
