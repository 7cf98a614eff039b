package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientCallerSettingsContract;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.netty.http.client.HttpClientRequest;

/**
 * A subscriber that leaves a collapsing {@code WebClient}, or whose own response timeout (set
 * through an {@code httpRequest} consumer declared harmless) ends first: each holds for that
 * subscriber only.
 */
final class WebClientCallerSettingsTest extends ClientCallerSettingsContract {

  private CollapseExchangeFilterFunction filter;
  private WebClient client;

  @Override
  protected void createClient(HttpCollapseOptions options) {
    filter = new CollapseExchangeFilterFunction(options);
    client = WebClient.builder().clientConnector(new ReactorClientHttpConnector())
        .filter(filter).build();
  }

  @Override
  protected void closeClient() {
    filter.close();
  }

  @Override
  protected List<String> limitKinds() {
    return List.of("response-timeout");
  }

  @Override
  protected OwnCall start(String url, @Nullable String kind, @Nullable Duration limit) {
    WebClient.RequestHeadersSpec<?> request = client.get().uri(url);
    if (limit != null) {
      request = request
          .attribute(CollapseExchangeFilterFunction.HTTP_REQUEST_CHANGES_NO_ANSWER, true)
          .httpRequest(sent -> sent.<HttpClientRequest>getNativeRequest().responseTimeout(limit));
    }
    CompletableFuture<String> body = request.retrieve().bodyToMono(String.class).toFuture();
    // cancelling the future cancels the subscription
    return new OwnCall(body, () -> body.cancel(/* mayInterruptIfRunning= */ false));
  }

  @Override
  protected boolean leavingEndsTheCall() {
    return false;
  }
}
