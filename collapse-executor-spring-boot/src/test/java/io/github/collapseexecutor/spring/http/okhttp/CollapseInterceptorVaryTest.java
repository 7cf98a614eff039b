package io.github.collapseexecutor.spring.http.okhttp;

import io.github.collapseexecutor.spring.http.ClientVaryContract;
import io.github.collapseexecutor.spring.http.HttpCollapseOptions;
import java.io.IOException;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/** {@code Vary} through the OkHttp interceptor. */
final class CollapseInterceptorVaryTest extends ClientVaryContract {

  private OkHttpClient client;
  private String baseUrl;

  @Override
  protected Adapter createClient(HttpCollapseOptions options, String baseUrl) {
    this.baseUrl = baseUrl;
    CollapseInterceptor interceptor = new CollapseInterceptor(options);
    client = new OkHttpClient.Builder().addInterceptor(interceptor).build();
    return new Adapter(interceptor.stats(), () -> {
      interceptor.close();
      client.dispatcher().executorService().shutdown();
      client.connectionPool().evictAll();
    });
  }

  @Override
  protected boolean takesNullHeaderValues() {
    return false; // Request.Builder.header rejects a null value itself
  }

  @Override
  protected String get(String path, String header, String value) throws IOException {
    Request request = new Request.Builder().url(baseUrl + path).header(header, value).build();
    try (Response response = client.newCall(request).execute()) {
      return response.body().string();
    }
  }
}
