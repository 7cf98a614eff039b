package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.http.adapter.DetailCodec;
import io.github.collapseexecutor.http.adapter.ProducedResponse;
import io.github.collapseexecutor.http.adapter.ResponseRecording;
import io.github.collapseexecutor.http.adapter.ServerCollapser;
import io.github.collapseexecutor.http.adapter.ServerCollapser.Continuation;
import io.github.collapseexecutor.http.adapter.ServerExchange;
import io.github.collapseexecutor.http.adapter.SharedResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilterChain;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.util.context.Context;
import reactor.util.context.ContextView;

/**
 * One pass of a request through the collapse filter, in the terms of the collapser: the rest of
 * the chain, a recording of the response, a replay onto it. A waiting request holds no thread in
 * WebFlux, so it is always suspended; it goes on, when it runs the chain after all, on a thread of
 * Reactor's parallel scheduler rather than on the thread that ended its wait.
 *
 * <p>A leading request that waits for another instance's response holds no thread either
 * ({@link #mayBlock()}), and goes on the same way.
 *
 * <p>Each piece of work it starts is subscribed with the Reactor context of the request's own
 * subscriber (where Spring Security keeps the security context), and is cancelled when the
 * request is ({@link #cancel()}), but for a leading request's run, which goes on while requests
 * wait for it.
 */
final class WebFluxExchange implements ServerExchange<RuntimeException> {

  /** Where Micrometer's context propagation keeps the current observation in a Reactor context. */
  private static final String OBSERVATION = "micrometer.observation";

  private static final DetailCodec<ProducedResponse> DETAIL = ProducedResponse.codec(null);

  private final ServerWebExchange exchange;
  private final WebFilterChain chain;
  private final ContextView context;
  private final ServerCollapser collapser;
  private volatile @Nullable Runnable leave;
  private volatile @Nullable Running running;
  private volatile boolean cancelled;

  WebFluxExchange(
      ServerWebExchange exchange,
      WebFilterChain chain,
      ContextView context,
      ServerCollapser collapser) {
    this.exchange = exchange;
    this.chain = chain;
    this.context = context;
    this.collapser = collapser;
  }

  @Override
  public @Nullable Object observation() {
    return context.getOrDefault(OBSERVATION, null);
  }

  /** Never: a request of WebFlux runs on an event loop, whose thread it must not hold. */
  @Override
  public boolean mayBlock() {
    return false;
  }

  /** What the chain produced travels whole: WebFlux adds nothing of its own to it. */
  @Override
  public DetailCodec<ProducedResponse> detailCodec() {
    return DETAIL;
  }

  @Override
  public CompletionStage<?> proceed() {
    return run(chain.filter(exchange));
  }

  /**
   * The chain runs against this request's own response; the exchange is watched for a change of
   * its session only. The response is read just before it is committed, so the call is counted
   * before its client can see the answer, or once the chain completed if nothing committed it.
   */
  @Override
  public CompletionStage<?> observe(ResponseRecording recording) {
    ServerHttpResponse response = exchange.getResponse();
    OuterResponse outer = OuterResponse.since(response);
    Runnable read =
        () -> {
          HttpStatusCode status = response.getStatusCode();
          recording.recorded(
              status == null ? 200 : status.value(),
              outer.produced(response).headers(),
              new byte[0],
              null);
        };
    response.beforeCommit(() -> Mono.fromRunnable(read));
    return run(
        chain
            .filter(new SessionWatchingExchange(exchange, recording))
            .then(Mono.fromRunnable(read)));
  }

  @Override
  public CompletionStage<?> record(ResponseRecording recording) {
    RecordingWebFluxResponse recorder =
        new RecordingWebFluxResponse(exchange.getResponse(), exchange.getAttributes(), recording);
    return run(
        chain
            .filter(
                new SessionWatchingExchange(
                    exchange.mutate().response(recorder).build(), recording))
            .then(Mono.defer(recorder::ended)),
        recorder);
  }

  @Override
  public CompletionStage<?> replay(SharedResponse shared) {
    return run(WebFluxReplay.write(shared, exchange));
  }

  @Override
  public boolean suspend(Runnable leave) {
    this.leave = leave;
    if (cancelled) {
      leave.run();
    }
    return true;
  }

  @Override
  public CompletionStage<?> resume(@Nullable Continuation next) {
    CompletableFuture<Object> done = new CompletableFuture<>();
    // off the thread that ended the wait: the leading request's, or the wait timer's
    Schedulers.parallel()
        .schedule(
            () -> {
              // a leading turn runs the chain for the requests behind it, as the first run of a
              // cancelled leader goes on for them (run, record); anything else is this request's
              // alone
              if (cancelled && (next == null || !next.leads())) {
                if (next != null) {
                  next.abandon();
                }
                done.complete(null);
                return;
              }
              try {
                collapser
                    .resume(next, this)
                    .whenComplete(
                        (ignored, failure) -> {
                          if (failure != null) {
                            done.completeExceptionally(failure);
                          } else {
                            done.complete(null);
                          }
                        });
              } catch (Exception | Error failure) {
                done.completeExceptionally(failure);
              }
            });
    return done;
  }

  /**
   * The request was cancelled (its client went away): a waiting request leaves the shared call to
   * the others; a leading request leaves its run to them, which stops once none is left; the
   * other work this request runs stops.
   */
  void cancel() {
    cancelled = true;
    Runnable left = leave;
    if (left != null) {
      left.run();
    }
    Running current = running;
    if (current != null) {
      current.cancel();
    }
  }

  private CompletionStage<?> run(Mono<Void> work) {
    return run(work, null);
  }

  /**
   * Runs {@code work} for this request, subscribed with its context.
   *
   * @param recorder the recording of the response, when this request leads
   */
  private CompletionStage<?> run(Mono<Void> work, @Nullable RecordingWebFluxResponse recorder) {
    Running started = new Running(recorder);
    running = started;
    started.subscription =
        work.subscribe(
            null,
            failure -> {
              if (cancelled) {
                // a run that went on for the others after this request's client went away, failing
                // to
                // write to it: this request's own end, which nobody is left to hear of
                started.done.complete(null);
              } else {
                started.done.completeExceptionally(failure);
              }
            },
            () -> started.done.complete(null),
            Context.of(context));
    if (cancelled) {
      started.cancel();
    }
    return started.done;
  }

  /** The work this request runs now, and the stage that completes when it ends. */
  private static final class Running {

    final CompletableFuture<Void> done = new CompletableFuture<>();
    private final @Nullable RecordingWebFluxResponse recorder;
    volatile @Nullable Disposable subscription;

    Running(@Nullable RecordingWebFluxResponse recorder) {
      this.recorder = recorder;
    }

    /**
     * The request was cancelled: a leading request's run goes on while others wait for it, apart
     * from this request's own response ({@link RecordingWebFluxResponse#leave}).
     */
    void cancel() {
      if (recorder != null) {
        recorder.leave(this::stop);
      } else {
        stop();
      }
    }

    private void stop() {
      Disposable started = subscription;
      if (started != null) {
        started.dispose();
      }
      // ends the turn of a leading request; nobody is left to tell of the cancellation
      done.complete(null);
    }
  }
}
