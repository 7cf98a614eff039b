package io.github.collapseexecutor.spring.http.client;

import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.spring.http.SpringOutcomes;
import io.github.collapseexecutor.testing.http.Call;
import io.github.collapseexecutor.testing.http.ClientCertificates;
import io.github.collapseexecutor.testing.http.ClientFixture;
import io.github.collapseexecutor.testing.http.DrivenClient;
import io.github.collapseexecutor.testing.http.Outcome;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.Set;
import java.util.function.Consumer;
import okhttp3.tls.HandshakeCertificates;
import org.jspecify.annotations.Nullable;
import org.springframework.core.SpringVersion;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.http.client.ReactorClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * A {@code RestClient} whose one interceptor is a {@link CollapseHttpRequestInterceptor}, over
 * the JDK's {@code HttpClient} on HTTP/1.1 (so that bodies may come chunked), as the client
 * contracts drive it. Its timeouts are its request factory's, which every caller of a client
 * shares; a caller leaves by being interrupted.
 *
 * <p>Spring's JDK request factory drops a {@code Host} header a caller sets, and the JDK's client
 * a {@code Proxy-Authorization} to an origin server, so a request that carries either goes
 * through Reactor Netty's factory, which sends both, and the same interceptor.
 */
final class RestClientFixture implements ClientFixture {

  /** The headers that the JDK's factory or client do not send as a caller set them. */
  private static final Set<String> SENT_BY_REACTOR = Set.of("Host", "Proxy-Authorization");

  private final boolean decompress;

  /** A fixture whose request factory passes compressed bodies on as they came. */
  RestClientFixture() {
    this(false);
  }

  /**
   * A fixture whose request factory decompresses bodies, or passes them on as they came. Spring 7
   * has the switch; Spring 6.2's factory never decompresses, so a test that needs it is skipped
   * there.
   */
  RestClientFixture(boolean decompress) {
    this.decompress = decompress;
  }

  @Override
  public DrivenClient open(Setup setup) throws Exception {
    CollapseHttpRequestInterceptor interceptor =
        setup.options() == null ? null : new CollapseHttpRequestInterceptor(setup.options());
    JdkClientHttpRequestFactory jdk =
        new JdkClientHttpRequestFactory(
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build());
    compression(jdk, decompress);
    ReactorClientHttpRequestFactory reactor = new ReactorClientHttpRequestFactory();
    if (setup.readTimeout() != null) {
      jdk.setReadTimeout(setup.readTimeout());
      reactor.setReadTimeout(setup.readTimeout());
    }
    return new Client(
        client(jdk, interceptor),
        client(reactor, interceptor),
        interceptor,
        setup.baseUrl(),
        /* owner= */ true);
  }

  private static RestClient client(
      ClientHttpRequestFactory factory, @Nullable CollapseHttpRequestInterceptor interceptor) {
    RestClient.Builder builder = RestClient.builder().requestFactory(factory);
    if (interceptor != null) {
      builder.requestInterceptor(interceptor);
    }
    return builder.build();
  }

  private static void compression(JdkClientHttpRequestFactory factory, boolean decompress)
      throws Exception {
    Method compression;
    try {
      compression = JdkClientHttpRequestFactory.class.getMethod("enableCompression", boolean.class);
    } catch (NoSuchMethodException spring62) {
      assumeFalse(decompress, "Spring 6.2's JdkClientHttpRequestFactory cannot decompress");
      return;
    }
    compression.invoke(factory, decompress);
  }

  @Override
  public int status(Exception failure) {
    return SpringOutcomes.status(failure);
  }

  /**
   * Spring 7's request factories leave a {@code null} header value out; Spring 6.2's JDK one
   * hands it to the JDK client, which refuses it before any request is made.
   */
  @Override
  public boolean takesNullHeaderValues() {
    String version = SpringVersion.getVersion();
    return version == null || !version.startsWith("6.");
  }

  /**
   * Two clients of one interceptor: over the JDK's client, and over Reactor Netty; the owner
   * closes the interceptor.
   */
  private record Client(
      RestClient jdk,
      RestClient reactor,
      @Nullable CollapseHttpRequestInterceptor interceptor,
      String baseUrl,
      boolean owner)
      implements DrivenClient {

    @Override
    public Outcome send(Call call) {
      RestClient client =
          call.headers().keySet().stream().anyMatch(SENT_BY_REACTOR::contains) ? reactor : jdk;
      RestClient.RequestBodySpec request =
          client
              .method(HttpMethod.valueOf(call.method()))
              .uri(URI.create(baseUrl + call.target()))
              .headers(headers -> call.headers().forEach(headers::add));
      if (call.body() != null) {
        request.body(call.body());
      }
      return SpringOutcomes.of(request.retrieve().toEntity(byte[].class));
    }

    @Override
    public void readEvents(Call call, Consumer<String> onEvent) {
      jdk.get()
          .uri(URI.create(baseUrl + call.target()))
          .exchange(
              (request, response) -> {
                DrivenClient.readDataLines(response.getBody(), onEvent);
                return null;
              });
    }

    @Override
    public HttpCollapseStats stats() {
      if (interceptor == null) {
        throw new IllegalStateException("a client without collapse has no counters");
      }
      return interceptor.stats();
    }

    /**
     * A client of its own builder, given a request factory that presents the certificate, which
     * the interceptor cannot see: so a partition of the interceptor of its own, as the
     * interceptor's users give each such client.
     */
    @Override
    public DrivenClient withCertificate(HandshakeCertificates certificate) {
      RestClient certified =
          client(
              new JdkClientHttpRequestFactory(ClientCertificates.jdkHttpClient(certificate)),
              interceptor == null ? null : interceptor.partition());
      return new Client(certified, certified, interceptor, baseUrl, /* owner= */ false);
    }

    @Override
    public void close() {
      if (owner && interceptor != null) {
        interceptor.close();
      }
    }
  }
}
