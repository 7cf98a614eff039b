package io.github.collapseexecutor.samples.order;

import io.github.collapseexecutor.core.Bundle;
import io.github.collapseexecutor.core.CollapseExecutorBlockingSupport;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.Input;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Group commit for orders: single {@link #submit(Order)} calls made by concurrent threads are
 * written in one transaction with one multi-row insert and one inventory update (see
 * {@link OrderTransaction} for the steps), and each caller learns its own order's outcome.
 *
 * <p>A rejected order (unknown goods, too little stock, a taken id) fails only its own caller with
 * an {@link OrderRejectedException}; the orders committed with it are not affected. A receipt is
 * handed out only after the transaction's commit returned, so an order reported as committed is
 * committed. A database failure fails every caller of that transaction with a
 * {@link io.github.collapseexecutor.core.CollapseExecutionException} whose cause is the
 * {@link SQLException}.
 *
 * <p>What callers give up: the order is written in a transaction shared with other callers'
 * orders, not in the caller's own, so a caller cannot add its own statements to it or roll it back.
 */
public final class OrderWriter
    extends CollapseExecutorBlockingSupport<Order, Receipt, Map<Order, Deque<OrderStore.Outcome>>> {

  /** The most orders one transaction takes; more pending orders make several transactions. */
  public static final int MAX_ORDERS_PER_TRANSACTION = 500;

  private final OrderStore store;

  /** Creates a writer that runs one transaction at a time: the classic group commit. */
  public OrderWriter(OrderStore store) {
    this(store, 1);
  }

  /**
   * Creates a writer.
   *
   * @param maxConcurrentTransactions how many transactions (each on a connection of its own) may
   *     run at once
   */
  public OrderWriter(OrderStore store, int maxConcurrentTransactions) {
    super(
        CollapseExecutorOptions.builder()
            .name("orders")
            .maxBatchSize(MAX_ORDERS_PER_TRANSACTION)
            .maxConcurrentBatches(maxConcurrentTransactions)
            .build());
    this.store = store;
  }

  /**
   * Writes {@code order}, together with the orders other threads submit at the same time, and
   * returns its receipt once it is committed.
   *
   * @throws OrderRejectedException if this order was rejected
   * @throws io.github.collapseexecutor.core.CollapseExecutionException if the transaction failed
   */
  public Receipt submit(Order order) {
    return execute(order);
  }

  @Override
  protected Map<Order, Deque<OrderStore.Outcome>> doExecute(Collection<Input<Order>> inputs)
      throws SQLException {
    List<OrderStore.Outcome> outcomes = store.placeAll(inputs.stream().map(Input::value).toList());
    // keyed by the order itself, not by position: equal orders are interchangeable for callers,
    // so each gets one of the outcomes for that order
    Map<Order, Deque<OrderStore.Outcome>> byOrder = new HashMap<>();
    for (OrderStore.Outcome outcome : outcomes) {
      byOrder.computeIfAbsent(outcome.order(), order -> new ArrayDeque<>()).add(outcome);
    }
    return byOrder;
  }

  @Override
  protected void bindingOutput(
      Map<Order, Deque<OrderStore.Outcome>> outcomes, List<Bundle<Order, Receipt>> bundles) {
    for (Bundle<Order, Receipt> bundle : bundles) {
      Deque<OrderStore.Outcome> forOrder = outcomes.get(bundle.value());
      OrderStore.Outcome outcome = forOrder == null ? null : forOrder.poll();
      if (outcome == null) {
        bundle.fail(
            new IllegalStateException(
                name() + ": the transaction returned no outcome for " + bundle.value()));
      } else if (outcome.rejection() != null) {
        bundle.fail(outcome.rejection());
      } else {
        bundle.bindOutput(outcome.receipt());
      }
    }
  }
}
