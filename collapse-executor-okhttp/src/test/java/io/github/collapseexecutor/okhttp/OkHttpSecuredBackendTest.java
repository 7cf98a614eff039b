package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.SecuredBackendContract;
import java.io.IOException;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/** A collapsing {@code OkHttpClient} against a Spring Boot service with Spring Security. */
final class OkHttpSecuredBackendTest extends SecuredBackendContract {

  private CollapseInterceptor interceptor;
  private OkHttpClient client;
  private String baseUrl;

  @Override
  protected void createClient(String baseUrl, HttpCollapseOptions options) {
    this.baseUrl = baseUrl;
    interceptor = new CollapseInterceptor(options);
    client = new OkHttpClient.Builder().addInterceptor(interceptor).build();
  }

  @Override
  protected void closeClient() {
    interceptor.close();
    client.dispatcher().executorService().shutdown();
    client.connectionPool().evictAll();
  }

  @Override
  protected Reply get(String path, String authorization) throws IOException {
    Request request = new Request.Builder().url(baseUrl + path)
        .header("Authorization", authorization).build();
    try (Response response = client.newCall(request).execute()) {
      return new Reply(response.code(), response.body().string(), response.header("Set-Cookie"));
    }
  }

  @Override
  protected HttpCollapseStats stats() {
    return interceptor.stats();
  }
}
