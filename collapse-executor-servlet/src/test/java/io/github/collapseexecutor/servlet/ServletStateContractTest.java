package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import io.github.collapseexecutor.testing.http.Placements;
import io.github.collapseexecutor.testing.http.SessionChangesContract;
import io.github.collapseexecutor.testing.http.SessionRoutes;
import io.github.collapseexecutor.testing.http.StateClient;
import io.github.collapseexecutor.testing.identity.HeldState;
import io.github.collapseexecutor.testing.identity.ReadsAfterWritesContract;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * The servlet filter keeps reads from going back in time and does not share a request that
 * changed its session: an application on an embedded Tomcat behind the filter, whose reads are
 * {@code GET}s, writes {@code POST}s, and sessions the container's.
 */
final class ServletStateContractTest implements ReadsAfterWritesContract, SessionChangesContract {

  @Override
  public ReadsAfterWritesContract.Subject createSubject(HeldState state) throws Exception {
    return new Application(
        new HttpServlet() {
          @Override
          protected void doGet(HttpServletRequest request, HttpServletResponse response)
              throws IOException {
            response.getWriter().write(state.read());
          }

          @Override
          protected void doPost(HttpServletRequest request, HttpServletResponse response)
              throws IOException {
            response.getWriter().write("v" + state.write());
          }
        },
        "/state");
  }

  @Override
  public SessionChangesContract.Subject createSubject(SessionRoutes routes) throws Exception {
    return new Application(
        new HttpServlet() {
          @Override
          protected void doGet(HttpServletRequest request, HttpServletResponse response)
              throws IOException {
            response.setContentType("text/plain");
            response
                .getWriter()
                .write(routes.answer(request.getRequestURI(), new ServletSession(request)));
          }
        },
        SessionRoutes.GROUP);
  }

  /** A request's session as the routes use it, created when a route first sets a value. */
  private record ServletSession(HttpServletRequest request) implements SessionRoutes.Session {

    @Override
    public @Nullable Object get(String name) {
      HttpSession session = request.getSession(false);
      return session == null ? null : session.getAttribute(name);
    }

    @Override
    public void set(String name, Object value) {
      request.getSession().setAttribute(name, value);
    }

    @Override
    public void remove(String name) {
      HttpSession session = request.getSession(false);
      if (session != null) {
        session.removeAttribute(name);
      }
    }
  }

  /** The application behind the filter, and a client of it. */
  private static final class Application
      implements ReadsAfterWritesContract.Subject, SessionChangesContract.Subject {

    private final Placements placements = new Placements();
    private final CollapseServletFilter filter;
    private final LoopbackTomcat tomcat;
    private final StateClient client;

    Application(HttpServlet servlet, String group) throws Exception {
      this.filter =
          new CollapseServletFilter(
              HttpCollapseOptions.builder()
                  .group(CollapseGroup.ofUris(group))
                  .observations(placements.observations())
                  .build());
      this.tomcat = LoopbackTomcat.start(servlet, filter);
      this.client = new StateClient("http://127.0.0.1:" + tomcat.port(), "JSESSIONID");
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
      try {
        tomcat.close();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
