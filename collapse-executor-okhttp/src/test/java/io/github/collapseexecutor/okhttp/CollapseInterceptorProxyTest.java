package io.github.collapseexecutor.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.HeldBackend;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.URI;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A proxy decides which server answers a URL, as surely as a header does: through one OkHttp
 * interceptor, a client made with {@code newBuilder()} that goes through an HTTP proxy and the
 * client it was made from, which connects directly, never share a response. The proxy here is a
 * second server that answers the requests sent to it in absolute form itself, as a proxy in front
 * of another deployment would.
 */
@Timeout(60)
final class CollapseInterceptorProxyTest {

  private static final int CALLERS = 40;

  private final Named direct = new Named("direct");
  private final Named proxy = new Named("proxy");

  @AfterEach
  void stop() {
    direct.stop();
    proxy.stop();
  }

  @Test
  void aClientThroughAProxyAndOneThatConnectsDirectlyNeverShareAResponse() throws Exception {
    String url = direct.start() + "/whoami/1";
    URI proxyUri = URI.create(proxy.start());
    try (CollapseInterceptor interceptor =
        new CollapseInterceptor(
            HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/whoami/*")).build())) {
      OkHttpClient directly = new OkHttpClient.Builder().addInterceptor(interceptor).build();
      OkHttpClient proxied =
          directly
              .newBuilder()
              .proxy(
                  new Proxy(
                      Proxy.Type.HTTP,
                      new InetSocketAddress(proxyUri.getHost(), proxyUri.getPort())))
              .build();
      AtomicInteger next = new AtomicInteger();
      direct.arrivals().expect(CALLERS);
      proxy.arrivals().expect(CALLERS);

      List<String> wrong =
          Concurrently.run(
                  CALLERS,
                  () -> {
                    boolean viaProxy = next.getAndIncrement() % 2 == 0;
                    direct.arrivals().arrive();
                    proxy.arrivals().arrive();
                    String body = get(viaProxy ? proxied : directly, url);
                    String expected = viaProxy ? "proxy" : "direct";
                    return body.equals(expected) ? "" : expected + " got: " + body;
                  })
              .stream()
              .filter(line -> !line.isEmpty())
              .toList();

      assertThat(wrong).as("callers that got the other route's response").isEmpty();
      assertThat(direct.calls()).as("direct calls, %s", interceptor.stats()).isBetween(1, 5);
      assertThat(proxy.calls()).as("proxied calls, %s", interceptor.stats()).isBetween(1, 5);
      directly.dispatcher().executorService().shutdown();
      directly.connectionPool().evictAll();
    }
  }

  private static String get(OkHttpClient client, String url) throws Exception {
    try (Response response = client.newCall(new Request.Builder().url(url).build()).execute()) {
      return response.body().string();
    }
  }

  /** A server that answers every request under {@code /whoami} with its name. */
  private static final class Named extends HeldBackend {

    private final String name;

    Named(String name) {
      super("/whoami");
      this.name = name;
    }

    @Override
    protected String answer(HttpExchange exchange) {
      return name;
    }
  }
}
