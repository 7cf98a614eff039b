package io.github.collapseexecutor.servlet;

import static io.github.collapseexecutor.testing.http.PerUserBackend.assertEachCallerGetsItsOwn;
import static io.github.collapseexecutor.testing.http.PerUserBackend.secret;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.Principal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every way a request to the servlet filter carries a credential keeps users apart: four users
 * call at once, several times each, and the handler, held until every request has arrived,
 * answers per user without {@code Vary}; no caller may get a response made for another user.
 */
@Timeout(60)
final class CollapseServletFilterCredentialsTest {

  private static final int USERS = 4;
  private static final int CALLS_PER_USER = 4;
  private static final int N = USERS * CALLS_PER_USER;

  private final AtomicInteger handled = new AtomicInteger();
  private volatile CountDownLatch arrivals = new CountDownLatch(N);
  private final CollapseServletFilter filter =
      new CollapseServletFilter(
          HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/user/*")).build());
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
  private LoopbackTomcat tomcat;
  private int port;

  @BeforeEach
  void start() throws Exception {
    Filter countArrivals =
        (request, response, chain) -> {
          if (((HttpServletRequest) request).getRequestURI().startsWith("/user/")) {
            arrivals.countDown();
          }
          chain.doFilter(request, response);
        };
    // stands for an authentication filter (Spring Security) placed before the collapse filter
    Filter authentication =
        (request, response, chain) -> {
          String user = ((HttpServletRequest) request).getHeader("X-Signed-User");
          chain.doFilter(
              user == null ? request : new Authenticated((HttpServletRequest) request, user),
              response);
        };
    tomcat = LoopbackTomcat.start(new PerUserServlet(), countArrivals, authentication, filter);
    port = tomcat.port();
  }

  @AfterEach
  void stop() throws Exception {
    filter.close();
    tomcat.close();
  }

  private String get(String path, String header, String value) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(20));
    if (header != null) {
      request.header(header, value);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString()).body();
  }

  private void assertUsersApartBy(String header) throws Exception {
    arrivals = new CountDownLatch(N);
    assertEachCallerGetsItsOwn(
        USERS, CALLS_PER_USER, user -> get("/user/me", header, secret(user)));
  }

  @Test
  void credentialHeadersKeepUsersApart() throws Exception {
    assertUsersApartBy("Authorization");
    assertUsersApartBy("Cookie");
    assertUsersApartBy("X-Api-Key");
    assertUsersApartBy("X-Auth-Token");
  }

  @Test
  void acceptAndAcceptLanguageKeepRepresentationsApart() throws Exception {
    assertUsersApartBy("Accept");
    assertUsersApartBy("Accept-Language");
  }

  @Test
  void callersOfTheSameUserStillShare() throws Exception {
    assertUsersApartBy("Authorization");

    assertThat(handled.get()).isLessThan(N);
  }

  @Test
  void theContainersSessionKeepsUsersApart() throws Exception {
    List<String> sessions = new ArrayList<>();
    for (int user = 0; user < USERS; user++) {
      HttpResponse<String> login =
          http.send(
              HttpRequest.newBuilder(
                      URI.create("http://127.0.0.1:" + port + "/login?user=" + secret(user)))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      sessions.add(login.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0]);
    }
    arrivals = new CountDownLatch(N);

    assertEachCallerGetsItsOwn(
        USERS, CALLS_PER_USER, user -> get("/user/me", "Cookie", sessions.get(user)));
  }

  @Test
  void anAuthenticatedPrincipalKeepsUsersApart() throws Exception {
    assertUsersApartBy("X-Signed-User");
  }

  /** A request whose caller an earlier filter authenticated. */
  private static final class Authenticated extends HttpServletRequestWrapper {

    private final String user;

    Authenticated(HttpServletRequest request, String user) {
      super(request);
      this.user = user;
    }

    @Override
    public Principal getUserPrincipal() {
      return () -> user;
    }
  }

  /** Answers with what identifies the caller, held until every request has arrived. */
  private final class PerUserServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      if (request.getRequestURI().equals("/login")) {
        request.getSession(/* create= */ true).setAttribute("user", request.getParameter("user"));
        return;
      }
      handled.incrementAndGet();
      try {
        arrivals.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      HttpSession session = request.getSession(/* create= */ false);
      Principal principal = request.getUserPrincipal();
      response.setContentType("text/plain;charset=UTF-8");
      response
          .getWriter()
          .write(
              "authorization="
                  + request.getHeader("Authorization")
                  + " cookie="
                  + request.getHeader("Cookie")
                  + " key="
                  + request.getHeader("X-Api-Key")
                  + " token="
                  + request.getHeader("X-Auth-Token")
                  + " accept="
                  + request.getHeader("Accept")
                  + " language="
                  + request.getHeader("Accept-Language")
                  + " session="
                  + (session == null ? null : session.getAttribute("user"))
                  + " principal="
                  + (principal == null ? null : principal.getName()));
    }
  }
}
