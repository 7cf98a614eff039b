package io.github.collapseexecutor.samples.sequence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.github.collapseexecutor.samples.Callers;
import io.github.collapseexecutor.samples.jdbc.Database;
import io.github.collapseexecutor.samples.jdbc.TestDatabase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

final class SequenceGeneratorTest {

  private static final int CALLERS = 64;
  private static final int CALLS_PER_CALLER = 20;

  @TempDir Path directory;

  private final String table = Database.uniquePrefix() + "sequence";
  private final List<HikariDataSource> pools = new ArrayList<>();

  @AfterEach
  void dropTableAndClosePools() throws Exception {
    if (!pools.isEmpty()) {
      HikariDataSource last = pools.get(pools.size() - 1);
      if (!last.isClosed()) {
        Database.execute(last, "DROP TABLE IF EXISTS " + table);
      }
    }
    pools.forEach(HikariDataSource::close);
  }

  /**
   * The hazard: two generators (two application instances) reserving ranges of one sequence at
   * the same moment could hand out a number twice, or skip some, if a reservation read a value
   * the other had not committed yet.
   */
  @ParameterizedTest
  @EnumSource(TestDatabase.class)
  void concurrentCallsOnTwoInstancesGetEveryNumberExactlyOnce(TestDatabase database)
      throws Exception {
    HikariDataSource dataSource = open(database);
    SequenceGenerator.createTable(dataSource, table);
    SequenceGenerator.createSequence(dataSource, table, "invoice", 1);
    try (SequenceGenerator first = new SequenceGenerator(dataSource, table);
        SequenceGenerator second = new SequenceGenerator(dataSource, table)) {
      List<List<Long>> numbers =
          Callers.runConcurrently(
              CALLERS,
              caller -> {
                SequenceGenerator generator = caller % 2 == 0 ? first : second;
                List<Long> mine = new ArrayList<>();
                for (int i = 0; i < CALLS_PER_CALLER; i++) {
                  mine.add(generator.next("invoice"));
                }
                return mine;
              });

      int calls = CALLERS * CALLS_PER_CALLER;
      assertThat(numbers.stream().flatMap(List::stream))
          .containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, calls).boxed().toList());
      assertThat(numbers).allSatisfy(mine -> assertThat(mine).isSorted());
      assertThat(first.reservations() + second.reservations()).isLessThan(calls);
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.class)
  void aRestartedGeneratorContinuesAfterTheLastNumberHandedOut(TestDatabase database)
      throws Exception {
    HikariDataSource before = open(database);
    SequenceGenerator.createTable(before, table);
    SequenceGenerator.createSequence(before, table, "ticket", 100);
    try (SequenceGenerator generator = new SequenceGenerator(before, table)) {
      Callers.runConcurrently(16, caller -> generator.next("ticket"));
    }
    before.close();

    HikariDataSource after = open(database);
    // start-up code creates its sequences again; that must not reset them
    SequenceGenerator.createSequence(after, table, "ticket", 100);
    try (SequenceGenerator generator = new SequenceGenerator(after, table)) {
      assertThat(generator.next("ticket")).isEqualTo(116);
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.class)
  void sequencesCountIndependently(TestDatabase database) throws Exception {
    HikariDataSource dataSource = open(database);
    SequenceGenerator.createTable(dataSource, table);
    SequenceGenerator.createSequence(dataSource, table, "a", 1);
    SequenceGenerator.createSequence(dataSource, table, "b", 1000);
    try (SequenceGenerator generator = new SequenceGenerator(dataSource, table, 2)) {
      List<String> numbers =
          Callers.runConcurrently(
              CALLERS,
              caller -> caller % 2 == 0 ? "a" + generator.next("a") : "b" + generator.next("b"));

      List<String> expected = new ArrayList<>();
      LongStream.rangeClosed(1, CALLERS / 2).forEach(n -> expected.add("a" + n));
      LongStream.range(1000, 1000 + CALLERS / 2).forEach(n -> expected.add("b" + n));
      assertThat(numbers).containsExactlyInAnyOrderElementsOf(expected);
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.class)
  void anUnknownSequenceFailsOnlyItsOwnCallers(TestDatabase database) throws Exception {
    HikariDataSource dataSource = open(database);
    SequenceGenerator.createTable(dataSource, table);
    SequenceGenerator.createSequence(dataSource, table, "known", 1);
    try (SequenceGenerator generator = new SequenceGenerator(dataSource, table)) {
      List<String> outcomes =
          Callers.runConcurrently(
              CALLERS,
              caller -> {
                try {
                  return String.valueOf(generator.next(caller % 4 == 0 ? "unknown" : "known"));
                } catch (NoSuchElementException e) {
                  return e.getMessage();
                }
              });

      assertThat(outcomes.stream().filter("no sequence unknown"::equals)).hasSize(CALLERS / 4);
      assertThat(outcomes.stream().filter(outcome -> !outcome.startsWith("no ")).map(Long::valueOf))
          .containsExactlyInAnyOrderElementsOf(
              LongStream.rangeClosed(1, CALLERS * 3 / 4).boxed().toList());
      assertThatThrownBy(() -> generator.next("unknown"))
          .isInstanceOf(NoSuchElementException.class);
      assertThat(generator.next("known")).isEqualTo(CALLERS * 3 / 4 + 1);
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.class)
  void theExampleRuns(TestDatabase database) throws Exception {
    HikariDataSource probe = open(database);
    String url = probe.getJdbcUrl();
    String user = probe.getUsername() == null ? "" : probe.getUsername();
    probe.close();
    SequenceExample.main(new String[] {url, user, ""});
  }

  private HikariDataSource open(TestDatabase database) {
    HikariDataSource dataSource = database.open(directory, 4);
    pools.add(dataSource);
    return dataSource;
  }
}
