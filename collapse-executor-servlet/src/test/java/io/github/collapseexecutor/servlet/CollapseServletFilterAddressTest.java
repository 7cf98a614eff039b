package io.github.collapseexecutor.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.JoinedCallers;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.catalina.valves.RemoteIpValve;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An application that answers by the client's address (an allow-list), behind Tomcat's own
 * forwarded-header handling: callers from outside never get the answer meant for an internal
 * address, whatever collapses, unless the group's policy says the route answers the same to every
 * address.
 */
@Timeout(60)
final class CollapseServletFilterAddressTest {

  private static final int N = 40;
  private static final String INTERNAL = "10.0.0.5";
  private static final String OUTSIDE = "203.0.113.7";

  private final AtomicInteger handled = new AtomicInteger();
  private volatile CountDownLatch arrivals = new CountDownLatch(N);

  /**
   * Where every caller of a round shares one key: the leader also waits until the others joined
   * it, since a request counted as arrived may still reach the filter after the leader's answer.
   */
  private final JoinedCallers joined = new JoinedCallers(N - 1);

  private volatile boolean holdUntilJoined;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
  private final CollapseServletFilter filter =
      new CollapseServletFilter(
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/internal/*"))
              .policy("public", CollapsePolicy.builder().sharedAcrossAddresses(true).build())
              .group(CollapseGroup.ofUris("public", List.of("/public/*")))
              .observations(joined)
              .build());
  private LoopbackTomcat tomcat;

  @BeforeEach
  void start() throws Exception {
    Filter countArrivals =
        (request, response, chain) -> {
          arrivals.countDown();
          chain.doFilter(request, response);
        };
    // the loopback client is a trusted proxy by default: X-Forwarded-For sets the remote address
    tomcat =
        new LoopbackTomcat(new AllowListServlet(), /* asyncSupported= */ true)
            .valve(new RemoteIpValve())
            .filter("arrivals", countArrivals)
            .filter("collapse", filter)
            .start();
  }

  @AfterEach
  void stop() throws Exception {
    filter.close();
    tomcat.close();
  }

  @Test
  void callersFromAnotherAddressNeverGetTheAnswerMeantForAnInternalOne() throws Exception {
    List<String> wrong = new ArrayList<>();
    AtomicInteger next = new AtomicInteger();

    List<String[]> replies =
        Concurrently.run(
            N,
            () -> {
              String from = next.getAndIncrement() % 2 == 0 ? INTERNAL : OUTSIDE;
              return new String[] {from, get("/internal/report", from)};
            });

    for (String[] reply : replies) {
      String expected =
          reply[0].equals(INTERNAL) ? "200 report for " + INTERNAL : "403 not for " + OUTSIDE;
      if (!reply[1].equals(expected)) {
        wrong.add("from " + reply[0] + ": " + reply[1]);
      }
    }
    assertThat(wrong).as("callers that got an answer meant for another address").isEmpty();
  }

  @Test
  void identityAGatewayInjectsKeepsUsersApart() throws Exception {
    for (String header :
        List.of(
            "X-Forwarded-User",
            "X-Forwarded-Email",
            "X-Auth-Request-User",
            "X-User-Id",
            "X-Tenant-Id",
            "X-Forwarded-Host")) {
      arrivals = new CountDownLatch(N);
      AtomicInteger next = new AtomicInteger();

      List<String[]> replies =
          Concurrently.run(
              N,
              () -> {
                String user = "user" + next.getAndIncrement() % 4;
                return new String[] {user, get("/internal/echo", INTERNAL, header, user)};
              });

      assertThat(replies)
          .as(header)
          .allSatisfy(reply -> assertThat(reply[1]).isEqualTo("200 " + header + "=" + reply[0]));
    }
  }

  @Test
  void callersFromOneAddressStillShare() throws Exception {
    holdUntilJoined = true;
    List<String> replies = Concurrently.run(N, () -> get("/internal/report", INTERNAL));

    assertThat(replies).containsOnly("200 report for " + INTERNAL);
    assertThat(handled.get()).isBetween(1, 5);
  }

  @Test
  void aPolicySharedAcrossAddressesSharesAcrossThem() throws Exception {
    holdUntilJoined = true;
    AtomicInteger next = new AtomicInteger();

    List<String> replies =
        Concurrently.run(
            N, () -> get("/public/report", next.getAndIncrement() % 2 == 0 ? INTERNAL : OUTSIDE));

    assertThat(replies).hasSize(N);
    assertThat(handled.get()).isBetween(1, 5);
  }

  private String get(String path, String forwardedFor) throws Exception {
    return get(path, forwardedFor, "X-Request-Note", "none");
  }

  private String get(String path, String forwardedFor, String header, String value)
      throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + tomcat.port() + path))
            .timeout(Duration.ofSeconds(20))
            .header("X-Forwarded-For", forwardedFor)
            .header(header, value)
            .build();
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    return response.statusCode() + " " + response.body();
  }

  /** Returns a header name as the tests spell it, whatever case the client sent. */
  private static String canonical(String name) {
    StringBuilder spelled = new StringBuilder();
    for (String part : name.split("-")) {
      spelled
          .append(spelled.length() == 0 ? "" : "-")
          .append(part.substring(0, 1).toUpperCase(Locale.ROOT))
          .append(part.substring(1).toLowerCase(Locale.ROOT));
    }
    return spelled.toString();
  }

  /** Answers internal addresses only, held until every request of the round has arrived. */
  private final class AllowListServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      handled.incrementAndGet();
      try {
        arrivals.await(10, TimeUnit.SECONDS);
        if (holdUntilJoined) {
          joined.await();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      String address = request.getRemoteAddr();
      response.setContentType("text/plain;charset=UTF-8");
      if (request.getRequestURI().equals("/internal/echo")) {
        // answers with whichever identity header the caller sent, as a gateway's user would be
        String sent =
            Collections.list(request.getHeaderNames()).stream()
                .filter(
                    name ->
                        name.toLowerCase(Locale.ROOT)
                            .matches(
                                "x-forwarded-(user|email|host)|x-auth-request-user|x-user-id|x-tenant-id"))
                .findFirst()
                .orElse("none");
        response.getWriter().write(canonical(sent) + "=" + request.getHeader(sent));
      } else if (request.getRequestURI().startsWith("/public/")) {
        response.getWriter().write("public report");
      } else if (address.startsWith("10.")) {
        response.getWriter().write("report for " + address);
      } else {
        response.setStatus(403);
        response.getWriter().write("not for " + address);
      }
    }
  }
}
