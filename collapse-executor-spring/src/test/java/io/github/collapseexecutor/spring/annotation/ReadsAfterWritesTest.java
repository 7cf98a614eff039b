package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.testing.Parking;
import io.github.collapseexecutor.testing.annotation.TestExecutors;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.ConfigurableTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A read that arrives after a write has completed never joins a run that started before: the
 * write is a transaction committed by the application's transaction manager (Spring's JDBC one,
 * or JPA's) or the return of a {@link CollapseBarrier} method. Callers that arrived before the
 * write still share the run they joined. A run started only because of a write, while one from
 * before it is in flight, is counted as {@code after-write}. On a real H2 database.
 */
@Timeout(60)
final class ReadsAfterWritesTest {

  @ParameterizedTest(name = "with {0} transactions")
  @ValueSource(strings = {"jdbc", "jpa"})
  void aCallerArrivingAfterACommitStartsARunOfItsOwn(String transactions) throws Exception {
    try (LibraryDatabase database = LibraryDatabase.named("h2");
        AnnotationConfigApplicationContext context = start(database, transactions)) {
      Names names = context.getBean(Names.class);
      JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
      List<CompletableFuture<String>> before = heldRunWithJoiners(names);

      new TransactionTemplate(context.getBean(PlatformTransactionManager.class))
          .executeWithoutResult(
              status -> jdbc.update("update collapse_author set name = 'Grace' where id = 1"));
      // it would wait for the held run if it joined it
      String after = CompletableFuture.supplyAsync(() -> names.name(1L)).get(10, TimeUnit.SECONDS);
      names.release().countDown();

      assertThat(after).isEqualTo("Grace");
      assertThat(results(before)).containsOnly("Ada");
      assertThat(names.runs().get()).as("the held run, and the one after the write").isEqualTo(2);
      assertThat(context.getBean(Reasons.class).byReason())
          .as("why the second run started")
          .containsExactly(entry("after-write", 1L));
    }
  }

  @ParameterizedTest(name = "with {0} transactions")
  @ValueSource(strings = {"jdbc", "jpa"})
  void aCallerArrivingAfterABarrierMethodReturnedStartsARunOfItsOwn(String transactions)
      throws Exception {
    try (LibraryDatabase database = LibraryDatabase.named("h2");
        AnnotationConfigApplicationContext context = start(database, transactions)) {
      Names names = context.getBean(Names.class);
      List<CompletableFuture<String>> before = heldRunWithJoiners(names);

      names.rename(1L, "Grace");
      String after = CompletableFuture.supplyAsync(() -> names.name(1L)).get(10, TimeUnit.SECONDS);
      names.release().countDown();
      assertThat(results(before)).containsOnly("Ada");
      String again = CompletableFuture.supplyAsync(() -> names.name(1L)).get(10, TimeUnit.SECONDS);

      assertThat(after).isEqualTo("Grace");
      assertThat(again).isEqualTo("Grace");
      assertThat(context.getBean(Reasons.class).byReason())
          .as("the run after the write, not the last, which found no run in flight")
          .containsExactly(entry("after-write", 1L));
    }
  }

  @ParameterizedTest(name = "with {0} transactions")
  @ValueSource(strings = {"jdbc", "jpa"})
  void aFutureCallerArrivingAfterAWriteStartsARunOfItsOwn(String transactions) throws Exception {
    try (LibraryDatabase database = LibraryDatabase.named("h2");
        AnnotationConfigApplicationContext context = start(database, transactions)) {
      Names names = context.getBean(Names.class);
      CompletableFuture<String> held = names.nameLater(1L);
      CompletableFuture<String> joined = names.nameLater(1L);

      names.rename(1L, "Grace");
      CompletableFuture<String> after = names.nameLater(1L);
      names.pending().complete("Ada");

      assertThat(after.get(10, TimeUnit.SECONDS)).isEqualTo("Grace");
      assertThat(held.get(10, TimeUnit.SECONDS)).isEqualTo("Ada");
      assertThat(joined.get(10, TimeUnit.SECONDS)).isEqualTo("Ada");
      assertThat(names.runs().get()).as("the held run, and the one after the write").isEqualTo(2);
      assertThat(context.getBean(Reasons.class).byReason())
          .containsExactly(entry("after-write", 1L));
    }
  }

  @ParameterizedTest(name = "with {0} transactions")
  @ValueSource(strings = {"jdbc", "jpa"})
  void aReadOnlyTransactionIsNoWrite(String transactions) throws Exception {
    try (LibraryDatabase database = LibraryDatabase.named("h2");
        AnnotationConfigApplicationContext context = start(database, transactions)) {
      Names names = context.getBean(Names.class);
      JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
      List<CompletableFuture<String>> before = heldRunWithJoiners(names);
      TransactionTemplate readOnly =
          new TransactionTemplate(context.getBean(PlatformTransactionManager.class));
      readOnly.setReadOnly(true);

      readOnly.executeWithoutResult(
          status -> jdbc.queryForObject("select count(*) from collapse_author", Long.class));
      List<CompletableFuture<String>> after = callers(names, 1);
      names.release().countDown();

      assertThat(results(after)).containsOnly("Ada");
      assertThat(names.runs().get()).as("one run for every caller").isEqualTo(1);
      assertThat(context.getBean(Reasons.class).byReason()).isEmpty();
    }
  }

  @ParameterizedTest(name = "with {0} transactions")
  @ValueSource(strings = {"jdbc", "jpa"})
  void eachTransactionManagerGetsTheCountingListenerOnce(String transactions) throws Exception {
    try (LibraryDatabase database = LibraryDatabase.named("h2");
        AnnotationConfigApplicationContext context = start(database, transactions)) {
      assertThat(
              context
                  .getBean(ConfigurableTransactionManager.class)
                  .getTransactionExecutionListeners())
          .singleElement()
          .extracting(listener -> listener.getClass().getEnclosingClass())
          .isEqualTo(CommittedWrites.class);
    }
  }

  private static AnnotationConfigApplicationContext start(
      LibraryDatabase database, String transactions) {
    if (transactions.equals("jpa")) {
      return LibraryApplication.start(database, Reads.class);
    }
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context.registerBean(DataSource.class, database::dataSource);
    context.register(JdbcTransactions.class, Reads.class);
    context.refresh();
    JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
    jdbc.execute("create table collapse_author (id bigint primary key, name varchar(100))");
    jdbc.update("insert into collapse_author (id, name) values (1, 'Ada')");
    return context;
  }

  /** Starts a run that stays in the method, and callers that join it, all waiting. */
  private static List<CompletableFuture<String>> heldRunWithJoiners(Names names) {
    List<CompletableFuture<String>> callers = callers(names, 1);
    Parking.await(names.entered());
    callers.addAll(callers(names, 3));
    return callers;
  }

  /** Starts {@code n} callers, and returns once each waits in the executor. */
  private static List<CompletableFuture<String>> callers(Names names, int n) {
    List<CompletableFuture<String>> results = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      CompletableFuture<String> result = new CompletableFuture<>();
      Thread thread = new Thread(() -> result.complete(names.name(1L)));
      threads.add(thread);
      results.add(result);
      thread.start();
    }
    Parking.awaitParked(threads);
    return results;
  }

  private static List<String> results(List<CompletableFuture<String>> callers) throws Exception {
    List<String> results = new ArrayList<>();
    for (CompletableFuture<String> caller : callers) {
      results.add(caller.get(10, TimeUnit.SECONDS));
    }
    return results;
  }

  /** Spring's JDBC transactions on the database. */
  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class JdbcTransactions {

    @Bean
    DataSourceTransactionManager transactionManager(DataSource dataSource) {
      return new DataSourceTransactionManager(dataSource);
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Reads {

    @Bean
    Names names(DataSource dataSource) {
      return new Names(new JdbcTemplate(dataSource));
    }

    @Bean
    Reasons reasons() {
      return new Reasons();
    }

    @Bean
    NamedExecutors namedExecutors(Reasons reasons) {
      return TestExecutors.with(
          NamedExecutor.builder("names", TestExecutors.options("names").listener(reasons).build())
              .build());
    }
  }

  /** Why calls of the executor it listens to did not share a run, by reason. */
  static final class Reasons implements CollapseListener {

    private final Map<String, Long> byReason = new ConcurrentHashMap<>();

    Map<String, Long> byReason() {
      return byReason;
    }

    @Override
    public void callNotCollapsed(String executorName, String reason) {
      byReason.merge(reason, 1L, Long::sum);
    }
  }

  /** Reads a name, holding its first run until released; writes one in autocommit. */
  static class Names {

    private final JdbcTemplate jdbc;
    private final AtomicInteger runs = new AtomicInteger();
    private final AtomicBoolean first = new AtomicBoolean();
    private final CountDownLatch entered = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final CompletableFuture<String> pending = new CompletableFuture<>();

    Names(JdbcTemplate jdbc) {
      this.jdbc = jdbc;
    }

    AtomicInteger runs() {
      return runs;
    }

    CountDownLatch entered() {
      return entered;
    }

    CountDownLatch release() {
      return release;
    }

    CompletableFuture<String> pending() {
      return pending;
    }

    @Collapsible(executor = "names")
    public String name(long id) {
      runs.incrementAndGet();
      String name =
          jdbc.queryForObject("select name from collapse_author where id = ?", String.class, id);
      if (first.compareAndSet(false, true)) {
        entered.countDown();
        Parking.await(release);
      }
      return name;
    }

    /** Its first run's future is {@link #pending}, which the test completes; later ones read. */
    @Collapsible(executor = "names")
    public CompletableFuture<String> nameLater(long id) {
      runs.incrementAndGet();
      if (first.compareAndSet(false, true)) {
        return pending;
      }
      return CompletableFuture.completedFuture(
          jdbc.queryForObject("select name from collapse_author where id = ?", String.class, id));
    }

    @CollapseBarrier
    public void rename(long id, String name) {
      jdbc.update("update collapse_author set name = ? where id = ?", name, id);
    }
  }
}
