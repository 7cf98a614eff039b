package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.filter.ServerHttpObservationFilter;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * A Spring MVC application with Spring Boot's own server observation ({@code http.server.requests},
 * opened by the auto-configured {@code ServerHttpObservationFilter} before the collapse filter),
 * whose collapse group is {@code /obs/**}: a handler for each kind of answer, each held until
 * every request of a test has arrived ({@link ServerGate}), and a stream of server-sent events.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import({GatedApp.class, ServletObservedApp.Answers.class})
class ServletObservedApp {

  /** The group of the collapse filter. */
  static final String GROUP = "collapse.executor.servlet.collapse-groups[0].uris=/obs/**";

  /** An actuator endpoint, outside the group, as every application has some. */
  static final String ENDPOINTS = "management.endpoints.web.exposure.include=collapse";

  @Bean
  ServerRequests serverRequests() {
    return new ServerRequests();
  }

  @Bean
  EventGate eventGate() {
    return new EventGate();
  }

  /** Every {@code http.server.requests} observation once it stopped. */
  static final class ServerRequests implements ObservationHandler<ServerRequestObservationContext> {

    /** Each stopped observation with its request's path, read while the request is live. */
    private final List<Map.Entry<String, ServerRequestObservationContext>> stopped =
        new CopyOnWriteArrayList<>();

    @Override
    public boolean supportsContext(Observation.Context context) {
      return context instanceof ServerRequestObservationContext;
    }

    @Override
    public void onStop(ServerRequestObservationContext context) {
      stopped.add(Map.entry(context.getCarrier().getRequestURI(), context));
    }

    /** Returns the stopped observations of requests to {@code path}. */
    List<ServerRequestObservationContext> of(String path) {
      return stopped.stream()
          .filter(entry -> entry.getKey().equals(path))
          .map(Map.Entry::getValue)
          .toList();
    }

    /** Waits, at most 20 s, until {@code count} observations of {@code path} stopped. */
    List<ServerRequestObservationContext> await(String path, int count)
        throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (of(path).size() < count && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      return of(path);
    }
  }

  /** Holds each stream after its first event until the test opens it. */
  static final class EventGate {

    private volatile CountDownLatch firstEventsRead = new CountDownLatch(0);

    /** Makes each stream wait until {@code readers} callers read its first event. */
    void expect(int readers) {
      firstEventsRead = new CountDownLatch(readers);
    }

    /** Tells the streams that one caller read its first event. */
    void read() {
      firstEventsRead.countDown();
    }

    void await() throws InterruptedException {
      firstEventsRead.await(30, TimeUnit.SECONDS);
    }
  }

  @RestController
  static class Answers {

    private final ServerGate gate;
    private final EventGate events;
    private final ExecutorService senders = Executors.newCachedThreadPool();

    Answers(ServerGate gate, EventGate events) {
      this.gate = gate;
      this.events = events;
    }

    @GetMapping("/obs/ok")
    String ok() throws InterruptedException {
      gate.handle();
      return "ok";
    }

    @GetMapping("/obs/missing")
    ResponseEntity<String> missing() throws InterruptedException {
      gate.handle();
      return ResponseEntity.status(404).body("missing");
    }

    @GetMapping("/obs/fail")
    String fail() throws InterruptedException {
      gate.handle();
      throw new IllegalStateException("the handler failed");
    }

    /**
     * Answers 500 and records the exception on the server's observation, as Spring's reference
     * shows for an exception that a handler method handles.
     */
    @ExceptionHandler(IllegalStateException.class)
    ResponseEntity<String> failed(IllegalStateException failure, HttpServletRequest request) {
      ServerHttpObservationFilter.findObservationContext(request)
          .ifPresent(context -> context.setError(failure));
      return ResponseEntity.status(500).body("failed");
    }

    /** Sends event 1, waits until the test read it, sends event 2 and ends. */
    @GetMapping("/obs/events")
    SseEmitter events() throws InterruptedException {
      gate.handle();
      SseEmitter emitter = new SseEmitter(60_000L);
      senders.execute(
          () -> {
            try {
              emitter.send(SseEmitter.event().data("1"));
              events.await();
              emitter.send(SseEmitter.event().data("2"));
              emitter.complete();
            } catch (IOException | InterruptedException e) {
              emitter.completeWithError(e);
            }
          });
      return emitter;
    }
  }
}
