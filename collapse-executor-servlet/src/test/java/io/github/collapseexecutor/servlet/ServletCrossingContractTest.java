package io.github.collapseexecutor.servlet;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.github.collapseexecutor.testing.http.CrossingApplication;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import io.github.collapseexecutor.testing.http.ServerCrossingContract;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.HttpCookie;
import java.util.EnumMap;
import java.util.Map;
import org.apache.catalina.LifecycleException;

/** What crosses between two instances of a servlet application, each a collapse filter. */
final class ServletCrossingContractTest implements ServerCrossingContract {

  @Override
  public Fixture fixture() {
    return (tiered, alone, app) -> {
      Map<Instance, CollapseServletFilter> filters = new EnumMap<>(Instance.class);
      filters.put(Instance.REFERENCE, new CollapseServletFilter(alone));
      filters.put(Instance.FIRST, new CollapseServletFilter(tiered));
      filters.put(Instance.SECOND, new CollapseServletFilter(tiered));
      RoutingFilter router = new RoutingFilter(filters);
      LoopbackTomcat tomcat = LoopbackTomcat.start(new Application(app), outer(app), router);
      return Routed.of(
          tomcat.port(),
          instance -> router.chosen = instance,
          instance -> filters.get(instance).stats(),
          () -> {
            try {
              tomcat.close();
            } catch (LifecycleException e) {
              throw new IllegalStateException("the server did not stop", e);
            }
            filters.values().forEach(CollapseServletFilter::close);
          });
    };
  }

  /** Sets the application's outer headers, once a request, as a OncePerRequestFilter does. */
  private static Filter outer(CrossingApplication app) {
    return (req, res, chain) -> {
      if (req.getDispatcherType() != DispatcherType.ASYNC) {
        HttpServletRequest request = (HttpServletRequest) req;
        app.outerHeaders(request.getRequestURI(), request::getHeader)
            .forEach(((HttpServletResponse) res)::setHeader);
      }
      chain.doFilter(req, res);
    };
  }

  /**
   * Passes each request to the collapse filter the case chose before sending it; an async
   * dispatch of the request goes to the same one, as it would on its instance.
   */
  private static final class RoutingFilter implements Filter {

    private static final String CHOSEN = RoutingFilter.class.getName() + ".chosen";

    private final Map<Instance, CollapseServletFilter> filters;
    volatile Instance chosen = Instance.REFERENCE;

    RoutingFilter(Map<Instance, CollapseServletFilter> filters) {
      this.filters = filters;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
        throws IOException, ServletException {
      Object instance = request.getAttribute(CHOSEN);
      if (instance == null) {
        instance = chosen;
        request.setAttribute(CHOSEN, instance);
      }
      filters.get((Instance) instance).doFilter(request, response, chain);
    }
  }

  /**
   * Writes what the application answers for the request's path; a cookie as a servlet sets one,
   * through {@code addCookie}.
   */
  private static final class Application extends HttpServlet {

    private final transient CrossingApplication app;

    Application(CrossingApplication app) {
      this.app = app;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      CrossingApplication.Answer answer = app.answer(request.getRequestURI(), request::getHeader);
      response.setStatus(answer.status());
      answer
          .headers()
          .forEach(
              header -> {
                if (header.getKey().equalsIgnoreCase("Set-Cookie")) {
                  HttpCookie cookie = HttpCookie.parse("Set-Cookie: " + header.getValue()).get(0);
                  Cookie set = new Cookie(cookie.getName(), cookie.getValue());
                  set.setPath(cookie.getPath());
                  response.addCookie(set);
                } else {
                  response.addHeader(header.getKey(), header.getValue());
                }
              });
      byte[] body = answer.body().getBytes(UTF_8);
      if (body.length > 0) {
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
      }
    }
  }
}
