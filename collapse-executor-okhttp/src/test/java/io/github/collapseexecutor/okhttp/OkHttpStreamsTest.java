package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.ClientStreamsContract;
import java.io.IOException;
import java.util.function.Consumer;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/** Server-sent events reach each caller of a collapsing {@code OkHttpClient} as they arrive. */
final class OkHttpStreamsTest extends ClientStreamsContract {

  private CollapseInterceptor interceptor;
  private OkHttpClient client;

  @Override
  protected void createClient(HttpCollapseOptions options) {
    interceptor = new CollapseInterceptor(options);
    client = new OkHttpClient.Builder().addInterceptor(interceptor).build();
  }

  @Override
  protected void readEvents(String url, Consumer<String> onEvent) throws IOException {
    try (Response response = client.newCall(new Request.Builder().url(url).build()).execute()) {
      readDataLines(response.body().byteStream(), onEvent);
    }
  }

  @Override
  protected HttpCollapseStats stats() {
    return interceptor.stats();
  }

  @Override
  protected void closeClient() {
    interceptor.close();
    client.dispatcher().executorService().shutdown();
    client.connectionPool().evictAll();
  }
}
