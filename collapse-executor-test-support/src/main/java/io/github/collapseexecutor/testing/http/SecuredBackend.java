package io.github.collapseexecutor.testing.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.security.config.ObjectPostProcessor;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.header.HeaderWriterFilter;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The backend most Spring users call: a Spring Boot application (servlet stack, Tomcat) with
 * {@code spring-boot-starter-security}, every path {@code permitAll} and Spring Security's default
 * headers on, so every response is {@code Cache-Control: no-cache, no-store, max-age=0,
 * must-revalidate}. Runs on a random loopback port; each endpoint takes {@link #LATENCY_MS}.
 *
 * <ul>
 *   <li>{@code GET /secured/{id}}: {@code item {id} for {Authorization}}, counted per path;</li>
 *   <li>{@code GET /direct/{id}}: the same, for a path no collapse group takes;</li>
 *   <li>{@code GET /cookie/{id}}: the same, and sets a cookie {@code visitor} whose value no
 *       other response gets.</li>
 * </ul>
 *
 * <p>Two properties add filters before Spring Security's, as services often have:
 * {@code secured-backend.request-id=true} sets {@code X-Request-Id} on every response, before
 * the chain, from the request's {@code X-Caller} header; {@code secured-backend.eager-headers=true}
 * makes Spring Security write its headers before the chain instead of when the response is
 * committed.
 *
 * <p>A test that counts the calls of a round holds the answers of {@code /secured/} and
 * {@code /direct/} until every caller of the round has set off ({@link #arrivals()}).
 */
public final class SecuredBackend implements AutoCloseable {

  /** How long each endpoint takes, in milliseconds. */
  public static final int LATENCY_MS = 100;

  private final ConfigurableApplicationContext context;
  private final Calls calls;

  private SecuredBackend(ConfigurableApplicationContext context) {
    this.context = context;
    this.calls = context.getBean(Calls.class);
  }

  /** Starts the backend on a random loopback port, without collapse. */
  public static SecuredBackend start() {
    return start("--collapse.executor.enabled=false");
  }

  /**
   * Starts the backend on a random loopback port with these extra command-line properties, such
   * as collapse groups of the servlet filter.
   */
  public static SecuredBackend start(String... properties) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--server.address=127.0.0.1",
                "--server.port=0",
                "--spring.main.banner-mode=off",
                "--logging.level.root=warn",
                // the test class path excludes Spring Security by default; this backend wants it
                "--spring.autoconfigure.exclude="));
    args.addAll(List.of(properties));
    ConfigurableApplicationContext context =
        new SpringApplicationBuilder(App.class)
            .web(WebApplicationType.SERVLET)
            .run(args.toArray(String[]::new));
    return new SecuredBackend(context);
  }

  /** Returns {@code http://127.0.0.1:port}. */
  public String baseUrl() {
    // the property Spring Boot sets once the server listens, the same on every line of Boot
    return "http://127.0.0.1:" + context.getEnvironment().getRequiredProperty("local.server.port");
  }

  /**
   * Returns what holds the answers of {@code /secured/} and {@code /direct/} until the callers of a
   * round have set off; nothing is held until a round is expected.
   */
  public Arrivals arrivals() {
    return calls.arrivals;
  }

  /** Returns how many requests for {@code path} reached the handler. */
  public int calls(String path) {
    AtomicInteger count = calls.byPath.get(path);
    return count == null ? 0 : count.get();
  }

  @Override
  public void close() {
    context.close();
  }

  /** Requests per path, counted as they reach the handler. */
  static final class Calls {

    final Map<String, AtomicInteger> byPath = new ConcurrentHashMap<>();
    final AtomicInteger cookies = new AtomicInteger();
    final Arrivals arrivals = new Arrivals();

    void arrived(String path) {
      byPath.computeIfAbsent(path, k -> new AtomicInteger()).incrementAndGet();
    }
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {

    @Bean
    Calls calls() {
      return new Calls();
    }

    @Bean
    SecurityFilterChain everyPathPermitted(HttpSecurity http, Environment environment)
        throws Exception {
      // permitAll, as a service whose endpoints are public; the default headers stay on
      http.authorizeHttpRequests(paths -> paths.anyRequest().permitAll());
      if (environment.getProperty("secured-backend.eager-headers", Boolean.class, false)) {
        http.headers(
            headers ->
                headers.addObjectPostProcessor(
                    new ObjectPostProcessor<HeaderWriterFilter>() {
                      @Override
                      public <O extends HeaderWriterFilter> O postProcess(O filter) {
                        filter.setShouldWriteHeadersEagerly(true);
                        return filter;
                      }
                    }));
      }
      return http.build();
    }

    @Bean
    @ConditionalOnProperty("secured-backend.request-id")
    FilterRegistrationBean<OncePerRequestFilter> requestId() {
      FilterRegistrationBean<OncePerRequestFilter> registration =
          new FilterRegistrationBean<>(
              new OncePerRequestFilter() {
                @Override
                protected void doFilterInternal(
                    HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                    throws ServletException, IOException {
                  response.setHeader("X-Request-Id", "request-" + request.getHeader("X-Caller"));
                  chain.doFilter(request, response);
                }
              });
      registration.setOrder(Ordered.HIGHEST_PRECEDENCE); // before Spring Security's chain
      return registration;
    }

    @Bean
    Handler handler(Calls calls) {
      return new Handler(calls);
    }
  }

  @RestController
  static final class Handler {

    private final Calls calls;

    Handler(Calls calls) {
      this.calls = calls;
    }

    @GetMapping({"/secured/{id}", "/direct/{id}"})
    String secured(
        @PathVariable("id") String id,
        @RequestHeader(name = "Authorization", required = false) String authorization,
        HttpServletRequest request)
        throws InterruptedException {
      calls.arrived(request.getRequestURI());
      calls.arrivals.await();
      Thread.sleep(LATENCY_MS); // the endpoint's own latency, not a synchronisation
      return "item " + id + " for " + authorization;
    }

    @GetMapping("/cookie/{id}")
    String cookie(@PathVariable("id") String id, HttpServletResponse response)
        throws InterruptedException {
      calls.arrived("/cookie/" + id);
      Thread.sleep(LATENCY_MS); // the endpoint's own latency, not a synchronisation
      response.addCookie(new Cookie("visitor", "v" + calls.cookies.incrementAndGet()));
      return "item " + id;
    }
  }
}
