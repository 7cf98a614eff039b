package io.github.collapseexecutor.samples.clinic;

import io.github.collapseexecutor.testing.annotation.Crowd;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.hibernate.resource.jdbc.spi.StatementInspector;
import org.jspecify.annotations.Nullable;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.HandlerMapping;

/**
 * Where a test holds one clinic's work so that its callers meet: the first SQL statement of a
 * {@link Crowd}'s round, or the first rendered page of a {@link PageRound}. Also counts the
 * handler runs of each route.
 */
final class Holds {

  private volatile @Nullable Crowd crowd;
  private volatile @Nullable PageRound round;
  private final Map<String, AtomicInteger> handlerRuns = new ConcurrentHashMap<>();

  /** Runs {@code calls} with statements held in {@code crowd}. */
  <T> T holdingStatements(Crowd crowd, Callable<T> calls) throws Exception {
    this.crowd = crowd;
    try {
      return calls.call();
    } finally {
      this.crowd = null;
    }
  }

  /** Runs {@code requests} with pages held in {@code round}. */
  <T> T holdingPages(PageRound round, Callable<T> requests) throws Exception {
    this.round = round;
    try {
      return requests.call();
    } finally {
      this.round = null;
    }
  }

  /** Returns how many times the handler of {@code route} (a pattern, {@code /owners/{id}}) ran. */
  int handlerRuns(String route) {
    AtomicInteger runs = handlerRuns.get(route);
    return runs == null ? 0 : runs.get();
  }

  /** Hibernate's hook on every statement: the first of a crowd's round waits there. */
  StatementInspector statements() {
    return sql -> {
      Crowd held = crowd;
      if (held != null) {
        held.hold();
      }
      return sql;
    };
  }

  /** A filter before the collapse filter: tells the crowd and the round where requests are. */
  Filter requests() {
    return (request, response, chain) -> {
      Crowd arriving = crowd;
      if (arriving != null) {
        arriving.arrive();
      }
      try {
        chain.doFilter(request, response);
      } finally {
        PageRound placing = round;
        if (placing != null && "GET".equals(((HttpServletRequest) request).getMethod())) {
          placing.placed();
        }
      }
    };
  }

  /** Counts handler runs by route; holds the first rendered page of a round. */
  HandlerInterceptor pages() {
    return new HandlerInterceptor() {
      @Override
      public boolean preHandle(
          HttpServletRequest request, HttpServletResponse response, Object handler) {
        Object route = request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
        handlerRuns
            .computeIfAbsent(String.valueOf(route), any -> new AtomicInteger())
            .incrementAndGet();
        return true;
      }

      @Override
      public void afterCompletion(
          HttpServletRequest request,
          HttpServletResponse response,
          Object handler,
          @Nullable Exception failure) {
        PageRound holding = round;
        if (holding != null) {
          holding.hold();
        }
      }
    };
  }
}
