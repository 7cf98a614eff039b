package io.github.collapseexecutor.samples.order;

import io.github.collapseexecutor.samples.jdbc.Database;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The goods, inventory and orders tables, under a prefix of their own so that several schemas can
 * share one database (tests running side by side, for example).
 */
public final class OrderSchema {

  private final String goods;
  private final String inventory;
  private final String orders;

  /** @param prefix lower-case letters, digits and underscores, such as {@code shop_} */
  public OrderSchema(String prefix) {
    Database.identifier(prefix + "x");
    this.goods = prefix + "goods";
    this.inventory = prefix + "inventory";
    this.orders = prefix + "orders";
  }

  public String goods() {
    return goods;
  }

  public String inventory() {
    return inventory;
  }

  public String orders() {
    return orders;
  }

  /** Creates the three tables. */
  public void create(DataSource dataSource) throws SQLException {
    Database.execute(
        dataSource,
        "CREATE TABLE "
            + goods
            + " (id BIGINT NOT NULL PRIMARY KEY,"
            + " name VARCHAR(100) NOT NULL, price_cents BIGINT NOT NULL)",
        "CREATE TABLE "
            + inventory
            + " (goods_id BIGINT NOT NULL PRIMARY KEY,"
            + " stock INT NOT NULL, CHECK (stock >= 0),"
            + " FOREIGN KEY (goods_id) REFERENCES "
            + goods
            + " (id))",
        "CREATE TABLE "
            + orders
            + " (id VARCHAR("
            + Order.MAX_ID_LENGTH
            + ") NOT NULL PRIMARY KEY,"
            + " goods_id BIGINT NOT NULL, quantity INT NOT NULL, amount_cents BIGINT NOT NULL,"
            + " FOREIGN KEY (goods_id) REFERENCES "
            + goods
            + " (id))");
  }

  /** Drops the three tables if they exist. */
  public void drop(DataSource dataSource) throws SQLException {
    Database.execute(
        dataSource,
        "DROP TABLE IF EXISTS " + orders,
        "DROP TABLE IF EXISTS " + inventory,
        "DROP TABLE IF EXISTS " + goods);
  }

  /** Adds goods with their stock. */
  public void addGoods(DataSource dataSource, long id, String name, long priceCents, int stock)
      throws SQLException {
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      try (PreparedStatement addGoods =
              connection.prepareStatement(
                  "INSERT INTO " + goods + " (id, name, price_cents) VALUES (?, ?, ?)");
          PreparedStatement addStock =
              connection.prepareStatement(
                  "INSERT INTO " + inventory + " (goods_id, stock) VALUES (?, ?)")) {
        addGoods.setLong(1, id);
        addGoods.setString(2, name);
        addGoods.setLong(3, priceCents);
        addGoods.executeUpdate();
        addStock.setLong(1, id);
        addStock.setInt(2, stock);
        addStock.executeUpdate();
        connection.commit();
      } catch (SQLException | RuntimeException e) {
        Database.rollbackAfter(connection, e);
        throw e;
      }
    }
  }
}
