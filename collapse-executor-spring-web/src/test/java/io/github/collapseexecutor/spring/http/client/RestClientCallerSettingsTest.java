package io.github.collapseexecutor.spring.http.client;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientCallerSettingsContract;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * A caller that is interrupted through a collapsing {@code RestClient} leaves alone. Its timeouts
 * are its request factory's, which every caller of a client shares.
 */
final class RestClientCallerSettingsTest extends ClientCallerSettingsContract {

  private CollapseHttpRequestInterceptor interceptor;
  private RestClient client;

  @Override
  protected void createClient(HttpCollapseOptions options) {
    interceptor = new CollapseHttpRequestInterceptor(options);
    client = RestClient.builder().requestFactory(new JdkClientHttpRequestFactory())
        .requestInterceptor(interceptor).build();
  }

  @Override
  protected void closeClient() {
    interceptor.close();
  }

  @Override
  protected List<String> limitKinds() {
    return List.of();
  }

  @Override
  protected OwnCall start(String url, @Nullable String kind, @Nullable Duration limit) {
    CompletableFuture<String> body = new CompletableFuture<>();
    CountDownLatch started = new CountDownLatch(1);
    Thread caller = new Thread(() -> {
      started.countDown();
      try {
        body.complete(client.get().uri(url).retrieve().body(String.class));
      } catch (RuntimeException | Error failure) {
        body.completeExceptionally(failure);
      }
    }, "rest-client-caller");
    caller.setDaemon(true);
    caller.start();
    return new OwnCall(body, caller::interrupt);
  }

  @Override
  protected boolean leavingEndsTheCall() {
    return true;
  }
}
