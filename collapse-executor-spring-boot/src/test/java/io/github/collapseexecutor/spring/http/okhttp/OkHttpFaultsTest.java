package io.github.collapseexecutor.spring.http.okhttp;

import io.github.collapseexecutor.spring.http.ClientFaultsContract;
import io.github.collapseexecutor.spring.http.HttpCollapseOptions;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/** Every caller of a collapsing {@code OkHttpClient} fails as the plain client does. */
final class OkHttpFaultsTest extends ClientFaultsContract {

  private CollapseInterceptor interceptor;
  private OkHttpClient plain;
  private OkHttpClient collapsing;

  @Override
  protected void createClients(HttpCollapseOptions options) {
    interceptor = new CollapseInterceptor(options);
    plain = new OkHttpClient.Builder().readTimeout(READ_TIMEOUT).build();
    collapsing = plain.newBuilder().addInterceptor(interceptor).build();
  }

  @Override
  protected String response(boolean collapse, String url) throws Exception {
    OkHttpClient client = collapse ? collapsing : plain;
    try (Response response = client.newCall(new Request.Builder().url(url).build()).execute()) {
      return response.code() + " " + response.body().string();
    }
  }

  @Override
  protected void closeClients() {
    interceptor.close();
    plain.dispatcher().executorService().shutdown();
    plain.connectionPool().evictAll();
  }
}
