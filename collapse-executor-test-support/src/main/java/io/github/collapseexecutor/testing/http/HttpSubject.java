package io.github.collapseexecutor.testing.http;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.identity.TwoCallersContract;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * An HTTP adapter as the {@link TwoCallersContract} drives it: a client through the adapter, and
 * an {@link IdentityEchoBackend} that holds each round until every caller has set off.
 *
 * <p>A channel is a header of {@link IdentityEchoBackend#CHANNELS}, or {@code ?} and a query
 * parameter of {@link IdentityEchoBackend#QUERY_CHANNELS}: a credential in the query of
 * {@link IdentityEchoBackend#REPORT_PATH}, whose policy lists another parameter as the one that
 * counts. {@code ?format}, which that policy leaves out, is the channel the application declared
 * irrelevant.
 */
public final class HttpSubject implements TwoCallersContract.Subject {

  private static final String QUERY = "?";
  private static final String IGNORED = "format";

  /** A header the key does not hold, for requests whose identity is in the query. */
  private static final String NOTE = "X-Request-Note";

  private final IdentityEchoBackend backend = new IdentityEchoBackend();
  private final ClientFixture fixture;
  private final String baseUrl;
  private final DrivenClient client;
  private volatile int callsBefore;

  /** Starts the backend and a client of it that {@code fixture} opens. */
  public HttpSubject(ClientFixture fixture) throws Exception {
    this.fixture = fixture;
    this.baseUrl = backend.start();
    try {
      this.client = fixture.open(ClientFixture.Setup.collapsing(baseUrl, options().build()));
    } catch (Exception | Error failed) {
      backend.stop();
      throw failed;
    }
  }

  private static HttpCollapseOptions.Builder options() {
    return HttpCollapseOptions.builder()
        .group(CollapseGroup.ofUris("report", List.of(IdentityEchoBackend.REPORT_PATH)))
        .policy(
            "report", CollapsePolicy.of(List.of(), List.of(IdentityEchoBackend.REPORT_PARAMETER)))
        .group(CollapseGroup.ofUris("/whoami/*"));
  }

  @Override
  public List<String> channels() {
    List<String> channels = new ArrayList<>(IdentityEchoBackend.CHANNELS);
    IdentityEchoBackend.QUERY_CHANNELS.forEach(name -> channels.add(QUERY + name));
    return channels;
  }

  @Override
  public List<String> ignoredChannels() {
    return List.of(QUERY + IGNORED);
  }

  @Override
  public List<String> round(int callers, String channel, IntFunction<String> identity)
      throws Exception {
    callsBefore = backend.calls();
    AtomicInteger next = new AtomicInteger();
    backend.arrivals().expect(callers);
    List<String[]> answers =
        Concurrently.run(
            callers,
            () -> {
              int caller = next.getAndIncrement();
              backend.arrivals().arrive();
              return new String[] {
                String.valueOf(caller), get(client, channel, identity.apply(caller))
              };
            });
    String[] ordered = new String[callers];
    answers.forEach(answer -> ordered[Integer.parseInt(answer[0])] = answer[1]);
    return List.of(ordered);
  }

  /** Asks with {@code identity} in {@code channel}: a header, or a query parameter of a report. */
  private static String get(DrivenClient client, String channel, String identity) throws Exception {
    if (!channel.startsWith(QUERY)) {
      return client.send(Call.get(IdentityEchoBackend.PATH, channel, identity)).text();
    }
    return client
        .send(
            Call.get(
                IdentityEchoBackend.REPORT_PATH
                    + "?"
                    + IdentityEchoBackend.REPORT_PARAMETER
                    + "=1&"
                    + channel.substring(QUERY.length())
                    + "="
                    + identity,
                NOTE,
                "report"))
        .text();
  }

  @Override
  public boolean asksForFreshAnswers() {
    return true;
  }

  /**
   * Through a client of its own, whose adapter tells the backend of each caller it has placed:
   * the first call is held until the fresh caller has led, joined or gone its own way.
   */
  @Override
  public List<String> freshAfterHeld() throws Exception {
    String path = IdentityEchoBackend.PATH + "?access_token=alice";
    try (DrivenClient placing =
        fixture.open(
            ClientFixture.Setup.collapsing(
                baseUrl, options().observations(backend.arrivals().inCollapse()).build()))) {
      callsBefore = backend.calls();
      backend.arrivals().expect(2);
      CompletableFuture<String> first =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return placing.send(Call.get(path, "Cache-Control", "max-age=60")).text();
                } catch (Exception e) {
                  throw new CompletionException(e);
                }
              });
      if (!backend.awaitCalls(callsBefore + 1)) {
        throw new IllegalStateException(
            "the first call did not reach the backend: " + first.getNow("still on its way"));
      }
      String fresh = placing.send(Call.get(path, "Cache-Control", "no-cache")).text();
      return List.of(first.get(20, TimeUnit.SECONDS), fresh);
    }
  }

  @Override
  public int runs() {
    return backend.calls() - callsBefore;
  }

  @Override
  public void close() {
    client.close();
    backend.stop();
  }
}
