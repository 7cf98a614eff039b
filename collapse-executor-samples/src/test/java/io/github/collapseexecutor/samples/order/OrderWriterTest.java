package io.github.collapseexecutor.samples.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.github.collapseexecutor.samples.Callers;
import io.github.collapseexecutor.samples.jdbc.Database;
import io.github.collapseexecutor.samples.jdbc.TestDatabase;
import io.github.collapseexecutor.samples.order.OrderRejectedException.Reason;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

final class OrderWriterTest {

  private static final int CALLERS = 48;

  @TempDir Path directory;

  private final OrderSchema schema = new OrderSchema(Database.uniquePrefix());
  private HikariDataSource dataSource;

  @AfterEach
  void dropTablesAndClosePool() throws SQLException {
    if (dataSource != null) {
      try {
        schema.drop(dataSource);
      } finally {
        dataSource.close();
      }
    }
  }

  /**
   * The hazard: orders of one transaction are decided against stock read in that transaction; if
   * the rows were not locked, or a receipt were handed out before the commit, stock could go
   * below zero or a reported order could be missing.
   */
  @ParameterizedTest
  @EnumSource(TestDatabase.class)
  void concurrentOrdersAreCommittedOnceEachInFewerTransactions(TestDatabase database)
      throws Exception {
    setUp(database, 3, 1_000);
    OrderStore store = new OrderStore(dataSource, schema);
    try (OrderWriter writer = new OrderWriter(store)) {
      List<Receipt> receipts =
          Callers.runConcurrently(
              CALLERS,
              caller -> {
                Receipt receipt = writer.submit(new Order("order-" + caller, 1 + caller % 3, 2));
                // a receipt means committed: another connection sees the order at once
                assertThat(committedOrderIds()).contains(receipt.orderId());
                return receipt;
              });

      assertThat(receipts).extracting(Receipt::orderId).doesNotHaveDuplicates().hasSize(CALLERS);
      assertThat(receipts).allSatisfy(receipt -> assertThat(receipt.amountCents()).isPositive());
      assertThat(committedOrderIds()).hasSize(CALLERS);
      assertThat(stock()).isEqualTo(Map.of(1L, 1_000 - 32, 2L, 1_000 - 32, 3L, 1_000 - 32));
      assertThat(store.transactions()).isLessThan(CALLERS);
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.class)
  void badOrdersFailAloneAndTheirTransactionMatesCommit(TestDatabase database) throws Exception {
    setUp(database, 2, 10);
    OrderStore store = new OrderStore(dataSource, schema);
    store.place(new Order("taken", 1, 1));

    List<OrderStore.Outcome> outcomes =
        store.placeAll(
            List.of(
                new Order("good-1", 1, 4),
                new Order("unknown-goods", 99, 1),
                new Order("too-many", 2, 11),
                new Order("taken", 2, 1),
                new Order("good-2", 2, 3),
                new Order("good-2", 1, 1),
                new Order("good-3", 1, 5)));

    assertThat(outcomes)
        .extracting(OrderWriterTest::describe)
        .containsExactly(
            "good-1 committed with 3, stock left 0",
            "unknown-goods UNKNOWN_GOODS",
            "too-many INSUFFICIENT_STOCK",
            "taken DUPLICATE_ORDER",
            "good-2 committed with 3, stock left 7",
            "good-2 DUPLICATE_ORDER",
            "good-3 committed with 3, stock left 0");
    assertThat(committedOrderIds())
        .containsExactlyInAnyOrder("taken", "good-1", "good-2", "good-3");
    assertThat(stock()).isEqualTo(Map.of(1L, 0, 2L, 7));
  }

  /**
   * The hazard: a row the checks let through but the database refuses would fail the multi-row
   * insert, and with it every order of the transaction.
   */
  @ParameterizedTest
  @EnumSource(TestDatabase.class)
  void anOrderTheDatabaseRefusesFailsAloneThroughTheSavepoints(TestDatabase database)
      throws Exception {
    setUp(database, 1, 10);
    Database.execute(
        dataSource,
        "ALTER TABLE "
            + schema.orders()
            + " ADD CONSTRAINT "
            + schema.orders()
            + "_no_poison CHECK (id <> 'poison')");
    OrderStore store = new OrderStore(dataSource, schema);

    List<OrderStore.Outcome> outcomes =
        store.placeAll(
            List.of(new Order("a", 1, 1), new Order("poison", 1, 1), new Order("b", 1, 1)));

    assertThat(outcomes)
        .extracting(OrderWriterTest::describe)
        .containsExactly(
            "a committed with 2, stock left 8",
            "poison CONSTRAINT_VIOLATED",
            "b committed with 2, stock left 8");
    assertThat(committedOrderIds()).containsExactlyInAnyOrder("a", "b");
    assertThat(stock()).isEqualTo(Map.of(1L, 8));
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.class)
  void eachConcurrentCallerLearnsItsOwnOutcome(TestDatabase database) throws Exception {
    setUp(database, 2, 20);
    OrderStore store = new OrderStore(dataSource, schema);
    try (OrderWriter writer = new OrderWriter(store)) {
      // callers 0-9 order goods 1 (stock 20, 2 each: all fit); 10-19 unknown goods;
      // 20-29 goods 2 (stock 20, 3 each: only 6 fit); 30-39 repeat the ids of 0-9
      List<String> outcomes =
          Callers.runConcurrently(
              40,
              caller -> {
                Order order =
                    switch (caller / 10) {
                      case 0 -> new Order("one-" + caller, 1, 2);
                      case 1 -> new Order("unknown-" + caller, 77, 1);
                      case 2 -> new Order("two-" + caller, 2, 3);
                      default -> new Order("one-" + (caller - 30), 1, 2);
                    };
                try {
                  writer.submit(order);
                  return order.id() + " committed";
                } catch (OrderRejectedException e) {
                  assertThat(e.orderId()).isEqualTo(order.id());
                  return order.id() + " " + e.reason();
                }
              });

      Map<String, Long> counts =
          outcomes.stream()
              .map(outcome -> outcome.substring(outcome.indexOf(' ') + 1))
              .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
      assertThat(counts)
          .isEqualTo(
              Map.of(
                  "committed",
                  10L + 6,
                  "UNKNOWN_GOODS",
                  10L,
                  "INSUFFICIENT_STOCK",
                  4L,
                  "DUPLICATE_ORDER",
                  10L));
      for (int i = 0; i < 10; i++) {
        assertThat(outcomes).containsOnlyOnce("one-" + i + " committed");
      }
      assertThat(stock()).isEqualTo(Map.of(1L, 0, 2L, 2));
      assertThat(committedOrderIds()).hasSize(16);
    }
  }

  /**
   * The hazard: two writers (two application instances) on one database, both committing an
   * order id neither had seen committed, would lose a batch or deadlock if they met in opposite
   * orders.
   */
  @ParameterizedTest
  @EnumSource(TestDatabase.class)
  void twoWritersSubmittingTheSameIdsCommitEachIdOnce(TestDatabase database) throws Exception {
    setUp(database, 4, 10_000);
    OrderStore store = new OrderStore(dataSource, schema);
    try (OrderWriter first = new OrderWriter(store);
        OrderWriter second = new OrderWriter(store)) {
      List<String> outcomes =
          Callers.runConcurrently(
              CALLERS,
              caller -> {
                OrderWriter writer = caller % 2 == 0 ? first : second;
                Order order = new Order("shared-" + caller / 2, 1 + caller % 4, 1);
                try {
                  writer.submit(order);
                  return "committed";
                } catch (OrderRejectedException e) {
                  assertThat(e.reason()).isEqualTo(Reason.DUPLICATE_ORDER);
                  return "duplicate";
                }
              });

      assertThat(outcomes.stream().filter("committed"::equals)).hasSize(CALLERS / 2);
      assertThat(committedOrderIds()).hasSize(CALLERS / 2);
      int ordered = stock().values().stream().mapToInt(left -> 10_000 - left).sum();
      assertThat(ordered).isEqualTo(CALLERS / 2);
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.class)
  void aRejectedOrderThrowsForItsCaller(TestDatabase database) throws Exception {
    setUp(database, 1, 1);
    try (OrderWriter writer = new OrderWriter(new OrderStore(dataSource, schema))) {
      assertThat(writer.submit(new Order("first", 1, 1)).stockLeft()).isZero();

      assertThatThrownBy(() -> writer.submit(new Order("second", 1, 1)))
          .isInstanceOf(OrderRejectedException.class)
          .hasMessage(
              "order second rejected, INSUFFICIENT_STOCK: goods 1 has 0 left,"
                  + " the order wants 1");
    }
  }

  private void setUp(TestDatabase database, int goods, int stock) throws SQLException {
    dataSource = database.open(directory, 4);
    schema.create(dataSource);
    for (long id = 1; id <= goods; id++) {
      schema.addGoods(dataSource, id, "goods " + id, 250, stock);
    }
  }

  private static String describe(OrderStore.Outcome outcome) {
    if (outcome.rejection() != null) {
      return outcome.order().id() + " " + outcome.rejection().reason();
    }
    Receipt receipt = outcome.receipt();
    return receipt.orderId()
        + " committed with "
        + receipt.ordersInTransaction()
        + ", stock left "
        + receipt.stockLeft();
  }

  private List<String> committedOrderIds() throws SQLException {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement select =
            connection.prepareStatement("SELECT id FROM " + schema.orders());
        ResultSet rows = select.executeQuery()) {
      List<String> ids = new java.util.ArrayList<>();
      while (rows.next()) {
        ids.add(rows.getString(1));
      }
      return ids;
    }
  }

  private Map<Long, Integer> stock() throws SQLException {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement select =
            connection.prepareStatement("SELECT goods_id, stock FROM " + schema.inventory());
        ResultSet rows = select.executeQuery()) {
      Map<Long, Integer> stock = new java.util.HashMap<>();
      while (rows.next()) {
        stock.put(rows.getLong(1), rows.getInt(2));
      }
      return stock;
    }
  }
}
