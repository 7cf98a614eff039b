package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.CollapsingClient;
import java.io.IOException;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/** An {@code OkHttpClient} whose one application interceptor is a {@link CollapseInterceptor}. */
final class OkHttpCollapsingClient implements CollapsingClient {

  private final CollapseInterceptor interceptor;
  private final OkHttpClient client;
  private final String baseUrl;

  OkHttpCollapsingClient(HttpCollapseOptions options, String baseUrl) {
    this.interceptor = new CollapseInterceptor(options);
    this.client = new OkHttpClient.Builder().addInterceptor(interceptor).build();
    this.baseUrl = baseUrl;
  }

  @Override
  public HttpCollapseStats stats() {
    return interceptor.stats();
  }

  @Override
  public String get(String path, String header, String value) throws IOException {
    Request request = new Request.Builder().url(baseUrl + path).header(header, value).build();
    try (Response response = client.newCall(request).execute()) {
      return response.body().string();
    }
  }

  @Override
  public boolean takesNullHeaderValues() {
    return false; // Request.Builder.header rejects a null value itself
  }

  @Override
  public boolean sendsGetWithBody() {
    return false; // Request.Builder.method rejects a body for GET and HEAD itself
  }

  @Override
  public void close() {
    interceptor.close();
    client.dispatcher().executorService().shutdown();
    client.connectionPool().evictAll();
  }
}
