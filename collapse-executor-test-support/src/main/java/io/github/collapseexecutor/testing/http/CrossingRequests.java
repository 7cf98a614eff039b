package io.github.collapseexecutor.testing.http;

import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.HandOverFleet;
import io.github.collapseexecutor.testing.http.ServerCrossingContract.Instance;
import io.github.collapseexecutor.testing.http.ServerCrossingContract.Routed;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Sends the requests of a {@link ServerCrossingContract} case to the instance of the server it
 * chooses, one at a time, over HTTP/1.1.
 */
public final class CrossingRequests {

  private final Routed server;
  private final HandOverFleet fleet;
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(20))
          .build();

  CrossingRequests(Routed server, HandOverFleet fleet) {
    this.server = server;
    this.fleet = fleet;
  }

  /**
   * Sends {@code call} to {@link Instance#FIRST} and waits until the call the tier ran for it has
   * ended, so that what it hands over is there for the next request of the second.
   */
  public Outcome lead(Call call) throws Exception {
    int ended = fleet.callsEnded();
    Outcome outcome = send(Instance.FIRST, call);
    fleet.awaitCallsEnded(ended + 1);
    return outcome;
  }

  /** Sends {@code call} to {@code instance}, waiting 20 s at most, and returns its outcome. */
  public Outcome send(Instance instance, Call call) throws Exception {
    server.routeTo(instance);
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + call.target()))
            .timeout(Duration.ofSeconds(20))
            .method(call.method(), HttpRequest.BodyPublishers.noBody());
    call.headers().forEach(request::header);
    HttpResponse<byte[]> response =
        http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    return Outcome.of(response.statusCode(), response.headers().map(), response.body());
  }

  /** Returns the counters of the collapse filter of {@code instance}. */
  public HttpCollapseStats stats(Instance instance) {
    return server.stats(instance);
  }
}
