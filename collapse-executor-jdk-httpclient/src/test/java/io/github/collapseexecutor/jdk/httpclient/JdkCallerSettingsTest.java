package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientCallerSettingsContract;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * A caller's cancel and request timeout through a collapsing JDK {@code HttpClient}: each holds
 * for its caller only, and the shared call goes on for the others.
 */
final class JdkCallerSettingsTest extends ClientCallerSettingsContract {

  private CollapsingHttpClient client;

  @Override
  protected void createClient(HttpCollapseOptions options) {
    client = CollapsingHttpClient.wrap(HttpClient.newHttpClient(), options);
  }

  @Override
  protected void closeClient() {
    client.close();
  }

  @Override
  protected List<String> limitKinds() {
    return List.of("request-timeout");
  }

  @Override
  protected OwnCall start(String url, @Nullable String kind, @Nullable Duration limit) {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url));
    if (limit != null) {
      request.timeout(limit);
    }
    CompletableFuture<HttpResponse<String>> sent =
        client.sendAsync(request.build(), BodyHandlers.ofString());
    CompletableFuture<String> body = sent.thenApply(HttpResponse::body);
    return new OwnCall(body, () -> sent.cancel(/* mayInterruptIfRunning= */ true));
  }

  @Override
  protected boolean leavingEndsTheCall() {
    return false;
  }
}
