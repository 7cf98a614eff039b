package io.github.collapseexecutor.benchmarks.load.securedbackend;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletResponse;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * The backend most Spring users call, for the load harness: a Spring Boot service with
 * {@code spring-boot-starter-security}, every path {@code permitAll} and Spring Security's default
 * headers on, so every response carries {@code Cache-Control: no-cache, no-store, max-age=0,
 * must-revalidate}. Runs in a JVM of its own, started by the harness.
 *
 * <ul>
 *   <li>{@code GET /secured/{id}}: sleeps {@value #LATENCY_MS} ms, answers
 *       {@code item {id} for {Authorization}};</li>
 *   <li>{@code GET /cookie/{id}}: the same, and sets a cookie {@code visitor} whose value no
 *       other response gets;</li>
 *   <li>{@code GET /counter}: how often each of the two ran, as {@code {"secured":n,"cookie":m}}.
 *   </li>
 * </ul>
 */
@SpringBootApplication
public class SecuredBackendApplication {

  /** The endpoints' own latency, that of the servlet case's endpoint. */
  public static final int LATENCY_MS = 100;

  /** Starts the service with Spring Boot's command-line arguments. */
  public static void main(String[] args) {
    SpringApplication.run(SecuredBackendApplication.class, args);
  }

  @Bean
  SecurityFilterChain everyPathPermitted(HttpSecurity http) throws Exception {
    // permitAll, as a service whose endpoints are public; the default headers stay on
    return http.authorizeHttpRequests(paths -> paths.anyRequest().permitAll()).build();
  }

  /** The endpoints, counted as they run; found by the application's component scan. */
  @RestController
  static final class Endpoints {

    private final AtomicLong secured = new AtomicLong();
    private final AtomicLong cookies = new AtomicLong();

    @GetMapping("/secured/{id}")
    String secured(
        @PathVariable("id") String id,
        @RequestHeader(name = "Authorization", required = false) String authorization)
        throws InterruptedException {
      secured.incrementAndGet();
      Thread.sleep(LATENCY_MS); // the endpoint's own latency, not a synchronisation
      return "item " + id + " for " + authorization;
    }

    @GetMapping("/cookie/{id}")
    String cookie(@PathVariable("id") String id, HttpServletResponse response)
        throws InterruptedException {
      long visitor = cookies.incrementAndGet();
      Thread.sleep(LATENCY_MS); // the endpoint's own latency, not a synchronisation
      response.addCookie(new Cookie("visitor", "v" + visitor));
      return "item " + id;
    }

    @GetMapping("/counter")
    String counter() {
      return "{\"secured\":" + secured.get() + ",\"cookie\":" + cookies.get() + "}";
    }
  }
}
