package io.github.collapseexecutor.samples.jdkhttp;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.jdk.httpclient.CollapsingHttpClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The JDK's {@code HttpClient}, wrapped so that concurrent identical GETs of a price share one
 * call: 100 callers ask for the same price while the service is still working on the first
 * request, and the service answers once.
 *
 * <p>Run it: {@code ./mvnw -q -pl collapse-executor-samples -am -DskipTests package exec:java
 * -Ddemo.main=io.github.collapseexecutor.samples.jdkhttp.JdkHttpClientExample}.
 */
public final class JdkHttpClientExample {

  static final int CALLERS = 100;

  private JdkHttpClientExample() {}

  public static void main(String[] args) throws Exception {
    try (PriceServer server = new PriceServer(/* held= */ true)) {
      List<String> prices = fetchConcurrently(server, CALLERS);
      System.out.printf(
          "%d callers got %d distinct answers (%s) from %d call(s) of the service%n",
          prices.size(), prices.stream().distinct().count(), prices.get(0), server.gate().calls());
    }
  }

  /**
   * Sends {@code callers} identical requests through one collapsing client while {@code server}
   * holds its answers, then lets it answer; returns each caller's body. {@code sendAsync} joins
   * the call in progress before it returns, so every caller is in place when the server answers.
   */
  static List<String> fetchConcurrently(PriceServer server, int callers) throws Exception {
    HttpCollapseOptions options =
        HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/prices/*")).build();
    try (CollapsingHttpClient client =
        CollapsingHttpClient.wrap(HttpClient.newHttpClient(), options)) {
      HttpRequest request =
          HttpRequest.newBuilder(URI.create(server.baseUrl() + "/prices/42")).build();
      List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
      for (int i = 0; i < callers; i++) {
        responses.add(client.sendAsync(request, BodyHandlers.ofString()));
      }
      server.gate().open();
      List<String> bodies = new ArrayList<>();
      for (CompletableFuture<HttpResponse<String>> response : responses) {
        bodies.add(response.get().body());
      }
      return bodies;
    }
  }
}
