package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ClientFaultsContract;
import java.io.IOException;
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
      String head = response.code() + " ";
      try {
        return head + response.body().string();
      } catch (IOException failure) {
        throw new BodyReadFailed(failure);
      }
    }
  }

  /**
   * A failure while the body is read: OkHttp throws the same types when it makes the call and
   * when it reads the body, so the step is told apart by this wrapper.
   */
  private static final class BodyReadFailed extends Exception {

    private static final long serialVersionUID = 1L;

    BodyReadFailed(IOException failure) {
      super(failure);
    }
  }

  @Override
  protected void closeClients() {
    interceptor.close();
    plain.dispatcher().executorService().shutdown();
    plain.connectionPool().evictAll();
  }
}
