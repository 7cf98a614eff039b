package io.github.collapseexecutor.samples.sequence;

import io.github.collapseexecutor.core.Bundle;
import io.github.collapseexecutor.core.CollapseExecutorBlockingSupport;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.Input;
import io.github.collapseexecutor.samples.jdbc.Database;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import javax.sql.DataSource;

/**
 * Named sequences kept in a database table, handed out one number per {@link #next(String)} call:
 * the calls that arrive together for one sequence reserve their numbers with a single
 * {@code UPDATE ... SET next_value = next_value + n}, and each caller gets its own number of the
 * reserved range.
 *
 * <p>What holds: every number is handed out at most once, by any number of generators on any
 * number of JVMs sharing the table, and across restarts, because the table is the only state and
 * a range is reserved by a committed transaction before any of it is handed out. Numbers of one
 * sequence increase in the order their batches committed. When nothing fails, every number is
 * handed out, so the numbers have no gaps; a batch that commits but whose callers never receive
 * their numbers (a caller that stopped waiting, a lost connection during the commit) leaves a gap.
 *
 * <p>The table has one row per sequence: {@code (seq_name, next_value)}, where {@code next_value}
 * is the next number to hand out. The reservation runs in one transaction: the {@code UPDATE}
 * takes the row lock, so a concurrent generator waits for the commit and then adds to the
 * committed value, and the {@code SELECT} that follows reads the value this transaction wrote.
 * That works alike on H2, MariaDB, MySQL and PostgreSQL (PostgreSQL could do both in one
 * statement with {@code UPDATE ... RETURNING}).
 */
public final class SequenceGenerator
    extends CollapseExecutorBlockingSupport<String, Long, SequenceGenerator.Range> {

  /** Numbers {@code first} to {@code first + count - 1}, reserved by one committed batch. */
  record Range(long first, int count) {}

  private final DataSource dataSource;
  private final AtomicLong reservations = new AtomicLong();
  private final String updateSql;
  private final String selectSql;

  /**
   * Creates a generator that runs one reservation at a time (batches for different sequences take
   * turns).
   */
  public SequenceGenerator(DataSource dataSource, String table) {
    this(dataSource, table, 1);
  }

  /**
   * Creates a generator.
   *
   * @param table the sequence table, created with {@link #createTable(DataSource, String)}
   * @param maxConcurrentReservations how many reservations (each a transaction on its own
   *     connection) may run at once
   */
  public SequenceGenerator(DataSource dataSource, String table, int maxConcurrentReservations) {
    super(
        CollapseExecutorOptions.builder()
            .name("sequence " + table)
            .maxConcurrentBatches(maxConcurrentReservations)
            // a batch holds calls for one sequence only, so that it is one UPDATE of one row
            .inputGrouper(Function.<String>identity())
            .build());
    this.dataSource = dataSource;
    Database.identifier(table);
    this.updateSql = "UPDATE " + table + " SET next_value = next_value + ? WHERE seq_name = ?";
    this.selectSql = "SELECT next_value FROM " + table + " WHERE seq_name = ?";
  }

  /** Creates the sequence table if it does not exist. */
  public static void createTable(DataSource dataSource, String table) throws SQLException {
    Database.execute(
        dataSource,
        "CREATE TABLE IF NOT EXISTS "
            + Database.identifier(table)
            + " (seq_name VARCHAR(100) NOT NULL PRIMARY KEY, next_value BIGINT NOT NULL)");
  }

  /**
   * Creates sequence {@code name}, whose first number is {@code first}, unless it exists; an
   * existing sequence keeps its value, so every instance may call this at start-up.
   */
  public static void createSequence(
      DataSource dataSource, String tableName, String name, long first) throws SQLException {
    String table = Database.identifier(tableName);
    try (Connection connection = dataSource.getConnection()) {
      try (PreparedStatement select =
          connection.prepareStatement("SELECT 1 FROM " + table + " WHERE seq_name = ?")) {
        select.setString(1, name);
        try (ResultSet row = select.executeQuery()) {
          if (row.next()) {
            return;
          }
        }
      }
      try (PreparedStatement insert =
          connection.prepareStatement(
              "INSERT INTO " + table + " (seq_name, next_value) VALUES (?, ?)")) {
        insert.setString(1, name);
        insert.setLong(2, first);
        insert.executeUpdate();
      }
    } catch (SQLException e) {
      if (!Database.isConstraintViolation(e)) {
        throw e;
      }
      // another instance created it since we looked: that is what we wanted
    }
  }

  /**
   * Returns the next number of sequence {@code name}.
   *
   * @throws NoSuchElementException if the sequence does not exist
   * @throws io.github.collapseexecutor.core.CollapseExecutionException if the database failed;
   *     the cause is the {@link SQLException}
   */
  public long next(String name) {
    return execute(name);
  }

  /** Returns how many reservations (transactions) this generator committed. */
  public long reservations() {
    return reservations.get();
  }

  @Override
  protected Range doExecute(Collection<Input<String>> inputs) throws SQLException {
    String name = inputs.iterator().next().value();
    if (inputs.stream().anyMatch(input -> !input.value().equals(name))) {
      throw new IllegalStateException(
          name()
              + ": a batch mixed sequences; the input grouper"
              + " should have kept "
              + name
              + " apart");
    }
    int count = inputs.size();
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
      try {
        long end = reserve(connection, name, count);
        connection.commit();
        reservations.incrementAndGet();
        return new Range(end - count, count);
      } catch (SQLException | RuntimeException e) {
        Database.rollbackAfter(connection, e);
        throw e;
      }
    }
  }

  /** Adds {@code count} to the sequence's row and returns the new {@code next_value}. */
  private long reserve(Connection connection, String name, int count) throws SQLException {
    try (PreparedStatement update = connection.prepareStatement(updateSql)) {
      update.setInt(1, count);
      update.setString(2, name);
      if (update.executeUpdate() == 0) {
        throw new NoSuchElementException("no sequence " + name);
      }
    }
    try (PreparedStatement select = connection.prepareStatement(selectSql)) {
      select.setString(1, name);
      try (ResultSet row = select.executeQuery()) {
        row.next();
        return row.getLong(1);
      }
    }
  }

  @Override
  protected void bindingOutput(Range range, List<Bundle<String, Long>> bundles) {
    long next = range.first();
    for (Bundle<String, Long> bundle : bundles) {
      if (next < range.first() + range.count()) {
        bundle.bindOutput(next++);
      } else {
        // never hand out a number twice, even if the executor gave us more bundles than inputs
        bundle.fail(
            new IllegalStateException(
                name()
                    + ": range "
                    + range
                    + " has no number left for a caller of "
                    + bundle.value()));
      }
    }
  }
}
