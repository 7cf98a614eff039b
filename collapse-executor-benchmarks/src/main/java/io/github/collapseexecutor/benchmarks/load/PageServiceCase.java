package io.github.collapseexecutor.benchmarks.load;

import io.github.collapseexecutor.benchmarks.UserDto;
import io.github.collapseexecutor.spring.annotation.CollapseMethods;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.annotation.EnableCollapsing;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageImpl;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;

/**
 * A Spring service returning a Spring Data page of mutable DTOs: {@value #USERS} closed-loop users
 * in this JVM ask for the same page of {@value #ROWS} users, whose read takes 1 ms (parked, as a
 * query waits for the database) and maps the rows to DTOs, with {@code @Collapsible} on the
 * service method and with collapsing switched off for it. With collapse, each caller that joined
 * a run gets a copy of the page of its own (the library rebuilds the page, the application's
 * Jackson mapper copies each DTO). The case writes a section of its own, between {@link #BEGIN}
 * and {@link #END}.
 */
final class PageServiceCase {

  /** The users of the client cases, so that the figures read alike. */
  static final int USERS = ClientCases.USERS;

  /** The DTOs on the page. */
  static final int ROWS = 20;

  static final String BEGIN = "<!-- page-service-results:begin (written by the load harness) -->";
  static final String END = "<!-- page-service-results:end -->";

  private final Settings settings;

  PageServiceCase(Settings settings) {
    this.settings = settings;
  }

  /** Runs the case and writes its section. */
  void run() throws IOException, InterruptedException {
    UnaryCallRounds harness = new UnaryCallRounds(settings, "page svc");
    Rounds rounds;
    try (Side without = new Side(false);
        Side with = new Side(true)) {
      rounds = harness.run(USERS, without::measure, with::measure);
    }
    ResultsPage.writeSection(settings.out(), BEGIN, END, markdown(harness.conditions(), rounds));
  }

  private static String markdown(List<String> conditions, Rounds rounds) {
    StringBuilder md = new StringBuilder("### Page service: run conditions\n\n");
    conditions.forEach(line -> md.append("- ").append(line).append('\n'));
    md.append("\n### `@Collapsible` service returning `Page<UserDto>`\n\n")
        .append("| load | TPS with / without | TPS ratio | every round's ratio")
        .append(" | p99 ms with / without | p99 ratio | reads per 1000 calls with / without |\n")
        .append("|---|---:|---:|---:|---:|---:|---:|\n")
        .append(
            UnaryCallRounds.row(
                USERS + " users, one page of " + ROWS + " DTOs, 1 ms read", rounds));
    return md.toString();
  }

  /** An application with the service, collapsing or switched off, and its users. */
  private static final class Side implements AutoCloseable {

    private final AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Application.class);
    private final UserService service = context.getBean(UserService.class);

    Side(boolean collapsing) {
      context.getBean(CollapseMethods.class).collapsing("UserService.page", collapsing);
    }

    Measurement measure(Duration duration) throws InterruptedException {
      long before = service.reads().get();
      Measurement measured = ClosedLoop.blocking(USERS, duration, () -> service.page(0));
      return measured.withBackendCalls(service.reads().get() - before);
    }

    @Override
    public void close() {
      context.close();
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class Application {

    @Bean
    UserService userService() {
      return new UserService();
    }
  }

  /** Reads a page of users in 1 ms and maps it to DTOs, as a generated application's does. */
  static class UserService {

    private final AtomicLong reads = new AtomicLong();

    /** Returns the reads made so far; a method, as the bean is a proxy whose fields are unset. */
    public AtomicLong reads() {
      return reads;
    }

    @Collapsible
    public Page<UserDto> page(int number) {
      reads.incrementAndGet();
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
      List<UserDto> rows = new ArrayList<>(ROWS);
      for (int i = 0; i < ROWS; i++) {
        rows.add(UserDto.numbered((long) number * ROWS + i));
      }
      return new PageImpl<>(rows, PageRequest.of(number, ROWS, Sort.by("name")), 1000);
    }
  }
}
