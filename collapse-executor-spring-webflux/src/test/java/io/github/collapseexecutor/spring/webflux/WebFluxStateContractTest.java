package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.Placements;
import io.github.collapseexecutor.testing.http.SessionChangesContract;
import io.github.collapseexecutor.testing.http.SessionRoutes;
import io.github.collapseexecutor.testing.http.StateClient;
import io.github.collapseexecutor.testing.identity.HeldState;
import io.github.collapseexecutor.testing.identity.ReadsAfterWritesContract;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The WebFlux filter keeps reads from going back in time and does not share a request that
 * changed its session: an application on Reactor Netty behind the filter, whose reads are
 * {@code GET}s, writes {@code POST}s, and sessions WebFlux's own.
 */
final class WebFluxStateContractTest implements ReadsAfterWritesContract, SessionChangesContract {

  @Override
  public ReadsAfterWritesContract.Subject createSubject(HeldState state) {
    return new Application(
        RouterFunctions.route()
            .GET("/state", request -> answer(state::read))
            .POST("/state", request -> answer(() -> "v" + state.write()))
            .build(),
        "/state");
  }

  @Override
  public SessionChangesContract.Subject createSubject(SessionRoutes routes) {
    return new Application(
        RouterFunctions.route()
            .GET(
                "/**",
                request ->
                    request
                        .session()
                        .flatMap(
                            session ->
                                answer(
                                    () ->
                                        routes.answer(
                                            request.path(),
                                            new WebSessionView(session.getAttributes())))))
            .build(),
        SessionRoutes.GROUP);
  }

  /** Answers with what {@code work} returns, run where it may block. */
  private static Mono<ServerResponse> answer(Callable<String> work) {
    return Mono.fromCallable(work)
        .subscribeOn(Schedulers.boundedElastic())
        .flatMap(body -> ServerResponse.ok().bodyValue(body));
  }

  /** A WebFlux session's attributes as the routes use them. */
  private record WebSessionView(Map<String, Object> attributes) implements SessionRoutes.Session {

    @Override
    public @Nullable Object get(String name) {
      return attributes.get(name);
    }

    @Override
    public void set(String name, Object value) {
      attributes.put(name, value);
    }

    @Override
    public void remove(String name) {
      attributes.remove(name);
    }
  }

  /** The application behind the filter, and a client of it. */
  private static final class Application
      implements ReadsAfterWritesContract.Subject, SessionChangesContract.Subject {

    private final Placements placements = new Placements();
    private final CollapseWebFilter filter;
    private final LoopbackWebFlux server;
    private final StateClient client;

    Application(RouterFunction<ServerResponse> routes, String group) {
      this.filter =
          new CollapseWebFilter(
              HttpCollapseOptions.builder()
                  .group(CollapseGroup.ofUris(group))
                  .observations(placements.observations())
                  .build());
      this.server = LoopbackWebFlux.start(routes, filter);
      this.client = new StateClient("http://127.0.0.1:" + server.port(), "SESSION");
    }

    @Override
    public CompletableFuture<String> read() {
      return client.read();
    }

    @Override
    public void write() throws Exception {
      client.write();
    }

    @Override
    public Answer get(String path, @Nullable String cookie) throws Exception {
      return client.get(path, cookie);
    }

    @Override
    public void awaitPlaced(int requests) throws Exception {
      placements.await(requests);
    }

    @Override
    public void close() {
      filter.close();
      server.close();
    }
  }
}
