package io.github.collapseexecutor.testing.http;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.web.server.WebFilter;
import reactor.core.publisher.Mono;

/**
 * For the tests of collapse in WebFlux servers: counts the requests that have joined the collapse
 * filter, holds a handler until a number of them have, and counts the handler's runs. Placed
 * before the collapse filter: it subscribes to the rest of the chain, which on the calling thread
 * reaches the collapse filter, and the request leads or waits there; only then is it counted.
 */
public final class WebFilterArrivals {

  private final AtomicInteger joined = new AtomicInteger();
  private final AtomicInteger runs = new AtomicInteger();
  private volatile int expected;
  private volatile CompletableFuture<Void> all = new CompletableFuture<>();

  /** Expects {@code n} more requests to join before {@link #all()} completes. */
  public void expect(int n) {
    all = new CompletableFuture<>();
    joined.set(0);
    expected = n;
  }

  /** Returns a signal that completes when the expected requests have joined. */
  public Mono<Void> all() {
    return Mono.fromFuture(all, /* suppressCancel= */ true);
  }

  /** Counts a run of a handler and returns {@link #all()}, which holds it. */
  public Mono<Void> run() {
    runs.incrementAndGet();
    return all();
  }

  /** Returns how many runs {@link #run()} counted. */
  public int runs() {
    return runs.get();
  }

  /** The filter that counts; place it before the collapse filter. */
  public WebFilter filter() {
    return (exchange, chain) ->
        Mono.create(
            sink -> {
              sink.onDispose(
                  chain
                      .filter(exchange)
                      .contextWrite(sink.contextView())
                      .subscribe(null, sink::error, sink::success));
              if (joined.incrementAndGet() == expected) {
                all.complete(null);
              }
            });
  }
}
