package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.ClientWaitTimeoutContract;
import java.io.IOException;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;

/** The wait timeout of the OkHttp interceptor. */
final class CollapseInterceptorWaitTimeoutTest extends ClientWaitTimeoutContract {

  private CollapseInterceptor interceptor;
  private OkHttpClient client;

  @Override
  protected void createClient(HttpCollapseOptions options) {
    interceptor = new CollapseInterceptor(options);
    client = new OkHttpClient.Builder().addInterceptor(interceptor).build();
  }

  @AfterEach
  void closeClient() {
    interceptor.close();
    client.dispatcher().executorService().shutdown();
    client.connectionPool().evictAll();
  }

  @Override
  protected String get(String path) throws IOException {
    Request request = new Request.Builder().url(backend.baseUrl() + path).build();
    try (Response response = client.newCall(request).execute()) {
      return response.body().string();
    }
  }

  @Override
  protected HttpCollapseStats stats() {
    return interceptor.stats();
  }
}
