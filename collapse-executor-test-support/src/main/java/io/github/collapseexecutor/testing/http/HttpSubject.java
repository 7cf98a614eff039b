package io.github.collapseexecutor.testing.http;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.identity.TwoCallersContract;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.IntFunction;

/**
 * An HTTP adapter as the {@link TwoCallersContract} drives it: a client through the adapter, and
 * an {@link IdentityEchoBackend} that holds each round until every caller has set off.
 */
public final class HttpSubject implements TwoCallersContract.Subject {

  private final IdentityEchoBackend backend = new IdentityEchoBackend();
  private final CollapsingClient client;
  private volatile int callsBefore;

  /**
   * Starts the backend and the client that {@code clients} makes of the collapse options and the
   * backend's base URL.
   */
  public HttpSubject(BiFunction<HttpCollapseOptions, String, CollapsingClient> clients) {
    this.client = clients.apply(HttpCollapseOptions.builder()
        .group(CollapseGroup.ofUris("/whoami/*")).build(), backend.start());
  }

  @Override
  public List<String> channels() {
    return IdentityEchoBackend.CHANNELS;
  }

  @Override
  public List<String> round(int callers, String channel, IntFunction<String> identity)
      throws Exception {
    callsBefore = backend.calls();
    AtomicInteger next = new AtomicInteger();
    backend.arrivals().expect(callers);
    List<String[]> answers = Concurrently.run(callers, () -> {
      int caller = next.getAndIncrement();
      backend.arrivals().arrive();
      return new String[] {String.valueOf(caller),
          client.get(IdentityEchoBackend.PATH, channel, identity.apply(caller))};
    });
    String[] ordered = new String[callers];
    answers.forEach(answer -> ordered[Integer.parseInt(answer[0])] = answer[1]);
    return List.of(ordered);
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
