package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientCallerSettingsContract;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.jspecify.annotations.Nullable;

/**
 * A caller's cancel, call timeout, deadline and read timeout through a collapsing
 * {@code OkHttpClient}: each holds for its caller only.
 */
final class OkHttpCallerSettingsTest extends ClientCallerSettingsContract {

  private final ExecutorService callers = Executors.newCachedThreadPool();
  private CollapseInterceptor interceptor;
  private OkHttpClient client;

  @Override
  protected void createClient(HttpCollapseOptions options) {
    interceptor = new CollapseInterceptor(options);
    client = new OkHttpClient.Builder().addInterceptor(interceptor)
        .readTimeout(LONG_LIMIT).build();
  }

  @Override
  protected void closeClient() {
    interceptor.close();
    callers.shutdownNow();
    client.dispatcher().executorService().shutdown();
    client.connectionPool().evictAll();
  }

  @Override
  protected List<String> limitKinds() {
    return List.of("call-timeout", "deadline", "read-timeout");
  }

  @Override
  protected OwnCall start(String url, @Nullable String kind, @Nullable Duration limit) {
    Call call = call(url, kind, limit);
    CompletableFuture<String> body = CompletableFuture.supplyAsync(() -> {
      try (Response response = call.execute()) {
        return response.body().string();
      } catch (IOException failure) {
        throw new CompletionException(failure);
      }
    }, callers);
    return new OwnCall(body, call::cancel);
  }

  private Call call(String url, @Nullable String kind, @Nullable Duration limit) {
    Request request = new Request.Builder().url(url).build();
    if (kind == null || limit == null) {
      return client.newCall(request);
    }
    return switch (kind) {
      case "call-timeout" -> client.newBuilder().callTimeout(limit).build().newCall(request);
      case "read-timeout" -> client.newBuilder().readTimeout(limit).build().newCall(request);
      case "deadline" -> {
        Call call = client.newCall(request);
        call.timeout().deadline(limit.toMillis(), TimeUnit.MILLISECONDS);
        yield call;
      }
      default -> throw new UncheckedIOException(new IOException("no such limit: " + kind));
    };
  }

  /** Which of two timers ends a read first, the socket's or OkHttp's watchdog, names it. */
  @Override
  protected boolean messageVaries(String kind) {
    return kind.equals("read-timeout");
  }

  @Override
  protected boolean leavingEndsTheCall() {
    return true;
  }
}
