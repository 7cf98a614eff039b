package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.Filter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The servlet filter in a Spring MVC application that versions its API by a header
 * ({@code spring.mvc.apiversion.use.header}), which no key rule names: requests for two versions
 * held in one call each get their own version's body, and requests for one version still share.
 */
@SpringBootTest(
    classes = ServletApiVersionEndToEndTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "spring.mvc.apiversion.use.header=API-Version",
      "collapse.executor.servlet.collapse-groups[0].uris=/greeting"
    })
@Timeout(60)
final class ServletApiVersionEndToEndTest {

  @LocalServerPort private int port;

  @Autowired private WaitingRequests waiting;

  @Test
  void requestsForTwoVersionsHeldInOneCallEachGetTheirVersion() throws Exception {
    // one leader per version, every other request waiting for one of them
    waiting.expect(42 - 2);

    new VersionedGreetings(port).askBothVersions(42);

    assertThat(waiting.runs()).as("handler runs").isBetween(2, 10);
  }

  @Test
  void requestsForOneVersionStillShare() throws Exception {
    waiting.expect(30 - 1);

    new VersionedGreetings(port).askOneVersion(30, "2");

    assertThat(waiting.runs()).as("handler runs").isBetween(1, 5);
  }

  /**
   * Counts the requests the collapse filter put to wait, seen by a filter before it: a waiting
   * request has started async processing when the chain returns. Holds the handler until the
   * expected number waits (at most 10 s), and counts its runs.
   */
  static final class WaitingRequests {

    private final AtomicInteger runs = new AtomicInteger();
    private volatile CountDownLatch expected = new CountDownLatch(0);

    void expect(int requests) {
      runs.set(0);
      expected = new CountDownLatch(requests);
    }

    int runs() {
      return runs.get();
    }

    void run() throws InterruptedException {
      runs.incrementAndGet();
      expected.await(10, TimeUnit.SECONDS);
    }

    Filter filter() {
      return (request, response, chain) -> {
        chain.doFilter(request, response);
        if (request.isAsyncStarted()) {
          expected.countDown();
        }
      };
    }
  }

  @RestController
  static class Greetings {

    private final WaitingRequests waiting;

    Greetings(WaitingRequests waiting) {
      this.waiting = waiting;
    }

    @GetMapping(path = "/greeting", version = "1")
    String first() throws InterruptedException {
      waiting.run();
      return "greeting of version 1";
    }

    @GetMapping(path = "/greeting", version = "2")
    String second() throws InterruptedException {
      waiting.run();
      return "greeting of version 2";
    }
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(Greetings.class)
  static class App {

    @Bean
    WaitingRequests waitingRequests() {
      return new WaitingRequests();
    }

    /** Before the collapse filter, which runs last. */
    @Bean
    FilterRegistrationBean<Filter> waitingFilter(WaitingRequests waiting) {
      FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>(waiting.filter());
      registration.setOrder(0);
      registration.setAsyncSupported(true);
      return registration;
    }
  }
}
