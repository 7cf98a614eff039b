package io.github.collapseexecutor.samples.order;

import com.zaxxer.hikari.HikariDataSource;
import io.github.collapseexecutor.samples.Load;
import io.github.collapseexecutor.samples.ResultTable;
import io.github.collapseexecutor.samples.jdbc.Database;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

/**
 * What group commit changes for order submissions: 64 threads submit single orders for 10 goods,
 * first each order in its own transaction over a pool of 16 connections, then through an
 * {@link OrderWriter}, one transaction at a time. Afterwards it checks that the orders and the
 * stock add up.
 *
 * <p>On the embedded H2 a commit does not wait for the disk, so the table shows the saving in
 * transactions and lock waits only; on a server database whose commit flushes its log, each saved
 * transaction also saves a flush. Run it: {@code ./mvnw -q -pl collapse-executor-samples -am
 * -DskipTests package exec:java
 * -Ddemo.main=io.github.collapseexecutor.samples.order.GroupCommitDemo}, with
 * {@code -Dexec.args="URL USER PASSWORD"} for another database.
 */
public final class GroupCommitDemo {

  private static final int THREADS = 64;
  private static final int CONNECTIONS = 16;
  private static final int GOODS = 10;
  private static final int STOCK = 100_000_000;
  private static final Duration RUN_TIME = Duration.ofSeconds(2);
  private static final Duration WARM_UP = Duration.ofMillis(500);
  private static final int ROUNDS = 5;
  private static final Duration ROUND_TIME = Duration.ofMillis(400);
  private static final String DIRECT = "a transaction per order";
  private static final String GROUPED = "group commit (OrderWriter)";
  private static final String EMBEDDED = "an embedded H2";

  private GroupCommitDemo() {}

  public static void main(String[] args) throws Exception {
    try (HikariDataSource dataSource = Database.fromArgs(args, CONNECTIONS)) {
      String database = args.length > 0 ? args[0] : EMBEDDED;
      System.out.printf(
          "group commit on %s: %d threads submit single orders for %d goods%n%s%n%n",
          database, THREADS, GOODS, ResultTable.roundsNote(ROUNDS, ROUND_TIME));
      print(
          onFreshTables(
              dataSource,
              (store, direct, grouped) ->
                  Load.compare(
                      DIRECT,
                      GROUPED,
                      THREADS,
                      ROUNDS,
                      ROUND_TIME,
                      store::transactions,
                      direct,
                      grouped)),
          database);
    }
  }

  /** Runs both loads on fresh tables in {@code dataSource}, drops the tables, returns the results. */
  public static List<Load.Result> run(DataSource dataSource)
      throws SQLException, InterruptedException {
    return run(dataSource, THREADS, WARM_UP, RUN_TIME);
  }

  /**
   * Runs both loads with {@code threads} submitting threads, each for {@code runTime} after an
   * unmeasured {@code warmUp} of each, on fresh tables in {@code dataSource}; drops the tables and
   * returns the results, the transaction per order first. The load harness of
   * {@code collapse-executor-benchmarks} runs it on MariaDB and PostgreSQL.
   */
  public static List<Load.Result> run(
      DataSource dataSource, int threads, Duration warmUp, Duration runTime)
      throws SQLException, InterruptedException {
    return onFreshTables(
        dataSource,
        (store, direct, grouped) -> {
          // unmeasured first rounds, so that neither variant pays for the JIT's warm-up alone
          Load.run("warm-up", threads, warmUp, store::transactions, direct);
          Load.run("warm-up", threads, warmUp, store::transactions, grouped);
          return List.of(
              Load.run(DIRECT, threads, runTime, store::transactions, direct),
              Load.run(GROUPED, threads, runTime, store::transactions, grouped));
        });
  }

  /** What runs the two loads and returns their results, the transaction per order first. */
  @FunctionalInterface
  private interface Measure {
    List<Load.Result> run(OrderStore store, Load.Call direct, Load.Call grouped)
        throws InterruptedException;
  }

  /**
   * Runs {@code measure} on fresh tables, checks that every order it submitted is in them and the
   * stock adds up, and drops the tables.
   */
  private static List<Load.Result> onFreshTables(DataSource dataSource, Measure measure)
      throws SQLException, InterruptedException {
    OrderSchema schema = new OrderSchema(Database.uniquePrefix());
    schema.create(dataSource);
    try {
      for (long goods = 1; goods <= GOODS; goods++) {
        schema.addGoods(dataSource, goods, "goods " + goods, 100 * goods, STOCK);
      }
      OrderStore store = new OrderStore(dataSource, schema);
      AtomicLong orderIds = new AtomicLong();
      Load.Call direct = thread -> store.place(nextOrder(orderIds, thread));
      try (OrderWriter writer = new OrderWriter(store)) {
        Load.Call grouped = thread -> writer.submit(nextOrder(orderIds, thread));
        List<Load.Result> results = measure.run(store, direct, grouped);
        // every order made was submitted, and a failed one would have stopped the load
        check(dataSource, schema, orderIds.get());
        return results;
      }
    } finally {
      schema.drop(dataSource);
    }
  }

  /**
   * Prints the results as {@link #run} returns them, each with what it shows and why, for
   * {@code database}: an embedded H2, or the database named on the command line.
   */
  public static void print(List<Load.Result> results, String database) {
    Load.Result grouped = results.get(1);
    String shared =
        String.format(
            "orders submitted while a transaction runs go in the next:"
                + " %.1f share its locks and its commit (%s)",
            grouped.requestsPerCall(),
            database.equals(EMBEDDED) ? "on a server database, a log flush" : "and log flush");
    new ResultTable(new ResultTable.Columns("orders/s", "transactions", "tx/1000 orders"))
        .compared(
            results.get(0),
            "each order is a transaction of its own, and "
                + THREADS
                + " threads wait for each other's locks on the stock rows of "
                + GOODS
                + " goods",
            grouped,
            shared,
            shared
                + ", but the rounds overlap: "
                + (database.equals(EMBEDDED)
                    ? "an embedded H2's commit waits for no disk, so the"
                        + " commits saved cost little, and the lock waits spared vary with the machine's"
                        + " load"
                    : "the lock waits and flushes spared vary with the machine's load"))
        .print();
  }

  private static Order nextOrder(AtomicLong orderIds, int thread) {
    long id = orderIds.incrementAndGet();
    return new Order("order-" + id, 1 + (id + thread) % GOODS, 1);
  }

  /** Every reported order is in the table, and the stock went down by exactly what was ordered. */
  private static void check(DataSource dataSource, OrderSchema schema, long reported)
      throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement();
        ResultSet totals =
            statement.executeQuery(
                "SELECT"
                    + " (SELECT COUNT(*) FROM "
                    + schema.orders()
                    + "),"
                    + " (SELECT SUM(quantity) FROM "
                    + schema.orders()
                    + "),"
                    + " (SELECT SUM(stock) FROM "
                    + schema.inventory()
                    + ")")) {
      totals.next();
      long committed = totals.getLong(1);
      long ordered = totals.getLong(2);
      long left = totals.getLong(3);
      if (committed != reported || ordered + left != (long) STOCK * GOODS) {
        throw new IllegalStateException(
            reported
                + " orders reported committed; in the tables: "
                + committed
                + " orders for "
                + ordered
                + " pieces, "
                + left
                + " pieces left of "
                + (long) STOCK * GOODS);
      }
    }
  }
}
