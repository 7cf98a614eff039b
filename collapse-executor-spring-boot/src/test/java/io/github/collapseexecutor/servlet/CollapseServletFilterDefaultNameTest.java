package io.github.collapseexecutor.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.servlet.CollapseServletFilterAutoConfiguration;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import io.github.collapseexecutor.testing.http.ReportedNames;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A servlet filter built on options without a name reports its executor as {@code servlet}, the
 * name the auto-configuration gives it, not by a class name: in the reports of a shared call and
 * of an unshared request (a response that sets a cookie).
 */
@Timeout(30)
final class CollapseServletFilterDefaultNameTest {

  @Test
  void servletFilterIsNamedServlet() throws Exception {
    ReportedNames reported = new ReportedNames();
    CollapseServletFilter filter =
        new CollapseServletFilter(reported.unnamedOptions("/named", "/cookie"));
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
    try (LoopbackTomcat tomcat = LoopbackTomcat.start(new App(), filter)) {
      for (String path : new String[] {"/named", "/cookie"}) {
        HttpResponse<String> response =
            http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + tomcat.port() + path))
                    .timeout(Duration.ofSeconds(10))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.body()).isEqualTo("ok");
      }
    }

    assertThat(CollapseServletFilter.DEFAULT_NAME)
        .isEqualTo("servlet")
        .isEqualTo(CollapseServletFilterAutoConfiguration.INTEGRATION);
    // a shared call, the unshared request's report, and its shared call
    assertThat(reported.names()).hasSize(3).containsOnly("servlet");
  }

  private static final class App extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      if (request.getRequestURI().equals("/cookie")) {
        response.addCookie(new Cookie("s", "1"));
      }
      response.getWriter().write("ok");
    }
  }
}
