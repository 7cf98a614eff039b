package io.github.collapseexecutor.samples.order;

import io.github.collapseexecutor.samples.jdbc.Database;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

/**
 * Writes orders into the {@link OrderSchema} tables, any number of them in one transaction, with
 * an outcome for each order: {@link OrderTransaction} says which steps a transaction runs, and
 * this store runs them on a connection of its own and commits.
 *
 * <p>Outcomes are returned only after the commit returned, so a receipt always stands for a committed
 * order. An exception from any step, the commit included, rolls back and is thrown for the whole
 * transaction; after a failed commit the outcome is unknown to the database client, as it is for
 * any transaction.
 */
public final class OrderStore {

  /** One order's outcome: a receipt, or the rejection. */
  record Outcome(Order order, Receipt receipt, OrderRejectedException rejection) {}

  private final DataSource dataSource;
  private final OrderSchema schema;
  private final AtomicLong transactions = new AtomicLong();

  public OrderStore(DataSource dataSource, OrderSchema schema) {
    this.dataSource = dataSource;
    this.schema = schema;
  }

  /**
   * Places one order in a transaction of its own: the way to write orders without collapse.
   *
   * @throws OrderRejectedException if the order was rejected
   * @throws SQLException if the database failed
   */
  public Receipt place(Order order) throws SQLException {
    Outcome outcome = placeAll(List.of(order)).get(0);
    if (outcome.rejection() != null) {
      throw outcome.rejection();
    }
    return outcome.receipt();
  }

  /** Returns how many transactions this store committed. */
  public long transactions() {
    return transactions.get();
  }

  /**
   * Places {@code orders} in one transaction and returns their outcomes in the same order, after
   * the commit returned.
   */
  List<Outcome> placeAll(List<Order> orders) throws SQLException {
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
      try {
        List<Outcome> outcomes = new OrderTransaction(connection, schema, orders).run();
        connection.commit();
        transactions.incrementAndGet();
        return outcomes;
      } catch (SQLException | RuntimeException e) {
        Database.rollbackAfter(connection, e);
        throw e;
      }
    }
  }
}
