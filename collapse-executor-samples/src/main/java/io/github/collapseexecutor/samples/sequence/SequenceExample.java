package io.github.collapseexecutor.samples.sequence;

import com.zaxxer.hikari.HikariDataSource;
import io.github.collapseexecutor.samples.Callers;
import io.github.collapseexecutor.samples.jdbc.Database;
import java.util.List;

/**
 * Two generator instances share one sequence table, as two application instances would; 400
 * threads draw numbers from two sequences through them. Every number is distinct, the numbers of
 * each sequence have no gaps, and the database saw far fewer transactions than calls.
 *
 * <p>Run it on an embedded H2: {@code ./mvnw -q -pl collapse-executor-samples -am -DskipTests
 * package exec:java -Ddemo.main=io.github.collapseexecutor.samples.sequence.SequenceExample}; on
 * another database, add {@code -Dexec.args="jdbc:postgresql://127.0.0.1/test postgres"} (URL, user,
 * password).
 */
public final class SequenceExample {

  private static final int CALLERS = 400;

  private SequenceExample() {}

  public static void main(String[] args) throws Exception {
    String table = Database.uniquePrefix() + "sequence";
    try (HikariDataSource dataSource = Database.fromArgs(args, 4)) {
      SequenceGenerator.createTable(dataSource, table);
      SequenceGenerator.createSequence(dataSource, table, "invoice", 1);
      SequenceGenerator.createSequence(dataSource, table, "ticket", 1000);
      try (SequenceGenerator first = new SequenceGenerator(dataSource, table);
          SequenceGenerator second = new SequenceGenerator(dataSource, table)) {
        List<String> numbers =
            Callers.runConcurrently(
                CALLERS,
                caller -> {
                  SequenceGenerator generator = caller % 2 == 0 ? first : second;
                  String sequence = caller % 4 < 2 ? "invoice" : "ticket";
                  return sequence + " " + generator.next(sequence);
                });
        print(numbers, "invoice");
        print(numbers, "ticket");
        System.out.printf(
            "%d calls on two generator instances made %d transactions%n",
            CALLERS, first.reservations() + second.reservations());
      } finally {
        Database.execute(dataSource, "DROP TABLE " + table);
      }
    }
  }

  private static void print(List<String> numbers, String sequence) {
    List<Long> mine =
        numbers.stream()
            .filter(number -> number.startsWith(sequence + " "))
            .map(number -> Long.parseLong(number.substring(sequence.length() + 1)))
            .sorted()
            .toList();
    System.out.printf(
        "%-8s %d numbers, %d distinct, from %d to %d%n",
        sequence,
        mine.size(),
        mine.stream().distinct().count(),
        mine.get(0),
        mine.get(mine.size() - 1));
  }
}
