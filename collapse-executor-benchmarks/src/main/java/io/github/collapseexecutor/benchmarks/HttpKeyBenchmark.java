package io.github.collapseexecutor.benchmarks;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.CollapseRules;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.springframework.http.HttpHeaders;

/**
 * What building the collapse key of one client request costs, which every request through an HTTP
 * adapter pays. The request is a typical authenticated GET with eleven headers, as a RestClient
 * holds it in {@code HttpHeaders}; {@code extraCredential} adds a twelfth header that is
 * sensitive only by what its name holds ({@code X-Session-Id}), so the key carries it beside the
 * headers listed by name. The default options: sensitive headers and patterns, representation and
 * negotiation headers, one collapse group.
 *
 * <p>{@link #target()} is the baseline: the method, origin and path a key is made of at the least,
 * as one string, with no header read.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class HttpKeyBenchmark {

  @Param({"false", "true"})
  public boolean extraCredential;

  private final URI uri = URI.create("https://users.internal/user/42?fields=name,email");
  private CollapseRules rules;
  private RequestHeaders headers;

  /** Builds the rules and the request headers, read as the RestClient interceptor reads them. */
  @Setup
  @SuppressWarnings("removal")
  public void setUp() {
    rules =
        new CollapseRules(
            HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/user/*")).build());
    HttpHeaders http = new HttpHeaders();
    http.add("Host", "users.internal");
    http.add("User-Agent", "ReactorNetty/1.3.0");
    http.add("Accept", "application/json");
    http.add("Accept-Encoding", "gzip");
    http.add("Accept-Language", "en-GB,en;q=0.9");
    http.add("Authorization", "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl");
    http.add("Cookie", "theme=dark; lang=en");
    http.add("X-Request-Id", "7f0c9a52-3c59-4a3b-9a51-0c6a8f1e2d44");
    http.add("traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
    http.add("Connection", "keep-alive");
    http.add("Cache-Control", "no-cache");
    if (extraCredential) {
      http.add("X-Session-Id", "s-1234");
    }
    headers = RequestHeaders.of(http::getOrEmpty, () -> http.asMultiValueMap().keySet());
  }

  /** The key of the request. */
  @Benchmark
  public CollapseKey key() {
    return rules.keyFor(RequestTarget.builder("GET", uri).headers(headers).build());
  }

  /** The baseline: the target alone. */
  @Benchmark
  public String target() {
    return "GET "
        + uri.getScheme()
        + "://"
        + uri.getHost()
        + ":"
        + uri.getPort()
        + uri.getRawPath();
  }
}
