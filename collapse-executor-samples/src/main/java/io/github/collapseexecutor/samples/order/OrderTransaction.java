package io.github.collapseexecutor.samples.order;

import io.github.collapseexecutor.samples.jdbc.Database;
import io.github.collapseexecutor.samples.order.OrderStore.Outcome;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The steps of one transaction that writes orders into the {@link OrderSchema} tables, on its
 * connection, with an outcome for each order. The caller opens the transaction and commits it.
 *
 * <p>The steps:
 * <ol>
 *   <li>lock the inventory rows of every goods the orders name ({@code SELECT ... FOR UPDATE}, in
 *       goods id order, so that concurrent transactions lock in the same order and cannot deadlock
 *       on them), and read the prices;
 *   <li>read which of the order ids are committed already;
 *   <li>decide each order in submission order: a committed or repeated id, unknown goods, or more
 *       than the stock left rejects that order alone; an accepted order takes its quantity from
 *       the stock left;
 *   <li>insert the accepted orders with one multi-row {@code INSERT}, in order id order. If the
 *       database still refuses a row (an id that another writer committed after step 2, or a
 *       constraint the checks above do not know), the insert is rolled back to a savepoint and the
 *       rows are inserted one by one, each under its own savepoint, so that only the refused
 *       orders are rejected;
 *   <li>take the inserted quantities from the inventory with one {@code UPDATE}.
 * </ol>
 *
 * <p>The SQL is the same on H2, MariaDB, MySQL and PostgreSQL.
 */
final class OrderTransaction {

  private final Connection connection;
  private final OrderSchema schema;
  private final List<Order> orders;
  private final OrderRejectedException[] rejections;
  private final Map<Long, Integer> stock = new HashMap<>();
  private final Map<Long, Long> prices = new HashMap<>();

  OrderTransaction(Connection connection, OrderSchema schema, List<Order> orders) {
    this.connection = connection;
    this.schema = schema;
    this.orders = orders;
    this.rejections = new OrderRejectedException[orders.size()];
  }

  /** Runs the steps up to the commit, which is the caller's; returns the orders' outcomes. */
  List<Outcome> run() throws SQLException {
    lockStockAndReadPrices();
    List<Integer> accepted = decide(committedIds());
    List<Integer> inserted = insert(accepted);
    takeFromInventory(inserted);
    return outcomes(inserted.size());
  }

  private void lockStockAndReadPrices() throws SQLException {
    TreeSet<Long> goodsIds = new TreeSet<>();
    orders.forEach(order -> goodsIds.add(order.goodsId()));
    String in = Database.repeat("?", goodsIds.size());
    try (PreparedStatement lock =
        connection.prepareStatement(
            "SELECT goods_id, stock FROM "
                + schema.inventory()
                + " WHERE goods_id IN ("
                + in
                + ") ORDER BY goods_id FOR UPDATE")) {
      bindLongs(lock, goodsIds);
      try (ResultSet rows = lock.executeQuery()) {
        while (rows.next()) {
          stock.put(rows.getLong(1), rows.getInt(2));
        }
      }
    }
    try (PreparedStatement select =
        connection.prepareStatement(
            "SELECT id, price_cents FROM " + schema.goods() + " WHERE id IN (" + in + ")")) {
      bindLongs(select, goodsIds);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          prices.put(rows.getLong(1), rows.getLong(2));
        }
      }
    }
  }

  private Set<String> committedIds() throws SQLException {
    Set<String> ids = new HashSet<>();
    orders.forEach(order -> ids.add(order.id()));
    Set<String> committed = new HashSet<>();
    try (PreparedStatement select =
        connection.prepareStatement(
            "SELECT id FROM "
                + schema.orders()
                + " WHERE id IN ("
                + Database.repeat("?", ids.size())
                + ")")) {
      int index = 1;
      for (String id : ids) {
        select.setString(index++, id);
      }
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          committed.add(rows.getString(1));
        }
      }
    }
    return committed;
  }

  /** Rejects what must be rejected and returns the indexes of the accepted orders. */
  private List<Integer> decide(Set<String> committedIds) {
    Set<String> taken = new HashSet<>(committedIds);
    List<Integer> accepted = new ArrayList<>();
    for (int i = 0; i < orders.size(); i++) {
      Order order = orders.get(i);
      Integer left = stock.get(order.goodsId());
      if (!taken.add(order.id())) {
        reject(i, OrderRejectedException.Reason.DUPLICATE_ORDER, "the order id is taken");
      } else if (left == null || !prices.containsKey(order.goodsId())) {
        taken.remove(order.id());
        reject(i, OrderRejectedException.Reason.UNKNOWN_GOODS, "no goods " + order.goodsId());
      } else if (left < order.quantity()) {
        taken.remove(order.id());
        reject(
            i,
            OrderRejectedException.Reason.INSUFFICIENT_STOCK,
            "goods "
                + order.goodsId()
                + " has "
                + left
                + " left, the order wants "
                + order.quantity());
      } else {
        stock.put(order.goodsId(), left - order.quantity());
        accepted.add(i);
      }
    }
    return accepted;
  }

  /** Inserts the accepted orders and returns the indexes of those the database took. */
  private List<Integer> insert(List<Integer> accepted) throws SQLException {
    if (accepted.isEmpty()) {
      return accepted;
    }
    // the same id order in every transaction, so that two writers never wait for each other's
    // rows in opposite orders
    List<Integer> byId = new ArrayList<>(accepted);
    byId.sort(Comparator.comparing(i -> orders.get(i).id()));
    Savepoint beforeInsert = connection.setSavepoint();
    try {
      insertRows(byId);
      return byId;
    } catch (SQLException e) {
      if (!Database.isConstraintViolation(e)) {
        throw e;
      }
      connection.rollback(beforeInsert);
    }
    List<Integer> inserted = new ArrayList<>();
    for (int i : byId) {
      Savepoint beforeRow = connection.setSavepoint();
      try {
        insertRows(List.of(i));
        inserted.add(i);
      } catch (SQLException e) {
        if (!Database.isConstraintViolation(e)) {
          throw e;
        }
        connection.rollback(beforeRow);
        Order order = orders.get(i);
        // its quantity goes back to the stock; an order decided earlier as short of stock stays
        // rejected, as it would have been had this order come first
        stock.merge(order.goodsId(), order.quantity(), Integer::sum);
        boolean duplicate = committedIds().contains(order.id());
        rejections[i] =
            new OrderRejectedException(
                order.id(),
                duplicate
                    ? OrderRejectedException.Reason.DUPLICATE_ORDER
                    : OrderRejectedException.Reason.CONSTRAINT_VIOLATED,
                duplicate ? "the order id is taken" : e.getMessage(),
                e);
      }
    }
    return inserted;
  }

  private void insertRows(List<Integer> indexes) throws SQLException {
    try (PreparedStatement insert =
        connection.prepareStatement(
            "INSERT INTO "
                + schema.orders()
                + " (id, goods_id, quantity, amount_cents) VALUES "
                + Database.repeat("(?, ?, ?, ?)", indexes.size()))) {
      int parameter = 1;
      for (int i : indexes) {
        Order order = orders.get(i);
        insert.setString(parameter++, order.id());
        insert.setLong(parameter++, order.goodsId());
        insert.setInt(parameter++, order.quantity());
        insert.setLong(parameter++, amount(order));
      }
      insert.executeUpdate();
    }
  }

  private void takeFromInventory(List<Integer> inserted) throws SQLException {
    Map<Long, Integer> taken = new HashMap<>();
    for (int i : inserted) {
      taken.merge(orders.get(i).goodsId(), orders.get(i).quantity(), Integer::sum);
    }
    if (taken.isEmpty()) {
      return;
    }
    StringBuilder sql =
        new StringBuilder("UPDATE ")
            .append(schema.inventory())
            .append(" SET stock = stock - CASE goods_id");
    taken.forEach((goodsId, quantity) -> sql.append(" WHEN ? THEN ?"));
    sql.append(" END WHERE goods_id IN (").append(Database.repeat("?", taken.size())).append(')');
    try (PreparedStatement update = connection.prepareStatement(sql.toString())) {
      int parameter = 1;
      for (Map.Entry<Long, Integer> entry : taken.entrySet()) {
        update.setLong(parameter++, entry.getKey());
        update.setInt(parameter++, entry.getValue());
      }
      bindLongs(update, parameter, taken.keySet());
      int updated = update.executeUpdate();
      if (updated != taken.size()) {
        throw new IllegalStateException(
            "inventory update of goods "
                + taken.keySet()
                + " changed "
                + updated
                + " rows; the rows are locked, so this must not happen");
      }
    }
  }

  private List<Outcome> outcomes(int committed) {
    List<Outcome> outcomes = new ArrayList<>(orders.size());
    for (int i = 0; i < orders.size(); i++) {
      Order order = orders.get(i);
      if (rejections[i] != null) {
        outcomes.add(new Outcome(order, null, rejections[i]));
      } else {
        outcomes.add(
            new Outcome(
                order,
                new Receipt(order.id(), amount(order), stock.get(order.goodsId()), committed),
                null));
      }
    }
    return outcomes;
  }

  private void reject(int index, OrderRejectedException.Reason reason, String detail) {
    rejections[index] = new OrderRejectedException(orders.get(index).id(), reason, detail);
  }

  private long amount(Order order) {
    return prices.get(order.goodsId()) * order.quantity();
  }

  private static void bindLongs(PreparedStatement statement, Collection<Long> values)
      throws SQLException {
    bindLongs(statement, 1, values);
  }

  private static void bindLongs(PreparedStatement statement, int first, Collection<Long> values)
      throws SQLException {
    int parameter = first;
    for (long value : values) {
      statement.setLong(parameter++, value);
    }
  }
}
