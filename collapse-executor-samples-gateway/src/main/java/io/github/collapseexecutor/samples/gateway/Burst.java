package io.github.collapseexecutor.samples.gateway;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sends a burst of identical GETs through the gateway at once, and counts the upstream calls they
 * made.
 */
final class Burst {

  private static final Duration LIMIT = Duration.ofSeconds(30);

  private final HttpClient client =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final String gateway;
  private final Arrivals arrivals;
  private final SlowUpstream upstream;

  Burst(String gateway, Arrivals arrivals, SlowUpstream upstream) {
    this.gateway = gateway;
    this.arrivals = arrivals;
    this.upstream = upstream;
  }

  /** The outcome of a burst: requests sent, upstream calls made, 200 answers received. */
  record Outcome(String path, int requests, int upstreamCalls, int answered) {

    @Override
    public String toString() {
      return String.format(
          "%d requests of %s, %d answered, %d upstream call%s",
          requests, path, answered, upstreamCalls, upstreamCalls == 1 ? "" : "s");
    }
  }

  /**
   * Sends {@code requests} GETs of {@code path}, holds the upstream until all have reached the
   * gateway, then lets it answer and waits for every answer.
   */
  Outcome send(String path, int requests) throws Exception {
    CountDownLatch gate = upstream.hold(path);
    CountDownLatch arrived = arrivals.expect(requests);
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(gateway + path)).timeout(LIMIT).GET().build();
    List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
    for (int i = 0; i < requests; i++) {
      answers.add(client.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
    }
    if (!arrived.await(LIMIT.toSeconds(), TimeUnit.SECONDS)) {
      throw new TimeoutException(arrived.getCount() + " requests of " + path + " never arrived");
    }
    gate.countDown();
    int answered = 0;
    for (CompletableFuture<HttpResponse<String>> answer : answers) {
      if (answer.get(LIMIT.toSeconds(), TimeUnit.SECONDS).statusCode() == 200) {
        answered++;
      }
    }
    return new Outcome(path, requests, upstream.calls(path), answered);
  }
}
