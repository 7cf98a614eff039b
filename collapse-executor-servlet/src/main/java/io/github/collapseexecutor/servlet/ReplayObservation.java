package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.core.Incubating;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

/**
 * What a server's own observation of a request recorded that the response alone does not say,
 * carried from the request that made a shared call to the requests that get a replay of its
 * response: the path pattern its handler matched and the exception its chain recorded. Without
 * it, a replayed request would be recorded under no path pattern, and a failure would be
 * recorded only as its status.
 *
 * <p>A framework that observes server requests implements it and registers it with
 * {@link java.util.ServiceLoader} (a {@code META-INF/services} entry); the filter uses the first
 * implementation it finds that loads. The Spring module registers one for Spring's
 * {@code http.server.requests}. With none, replays carry nothing of the sort.
 */
@Incubating
public interface ReplayObservation {

  /**
   * What one request's observation recorded.
   *
   * @param pathPattern the path pattern of the handler, or {@code null}
   * @param error the exception recorded, or {@code null}
   */
  record Recorded(@Nullable String pathPattern, @Nullable Throwable error) {}

  /**
   * Returns what the observation of {@code request} recorded once its chain ran, or {@code null}
   * when it has no observation or the observation recorded nothing of the sort.
   */
  @Nullable Recorded recorded(HttpServletRequest request);

  /**
   * Tells the observation of {@code request}, which gets a replay, what {@code recorded} says,
   * where its own observation says nothing yet.
   */
  void tell(Recorded recorded, HttpServletRequest request);

  /**
   * Tells the observation of {@code request} again what its own chain recorded
   * ({@code recorded}, as {@link #recorded} returned it when that chain returned or threw), over
   * what the observation says now, just before its request completes. The request waited for
   * another's response and then ran the chain itself on an {@code ASYNC} dispatch; when that
   * chain threw or called {@code sendError}, the container rendered the error with an
   * {@code ERROR} dispatch to its error page while the request was still asynchronous, whose
   * handler the observation noted too (Spring's {@code /error}). Without collapse the request's
   * chain would have run on its {@code REQUEST} dispatch, whose observation ends before the error
   * page's dispatch begins.
   *
   * <p>By default it does nothing.
   */
  default void restore(Recorded recorded, HttpServletRequest request) {}
}
