package io.github.collapseexecutor.samples.order;

/**
 * Proof that an order is committed.
 *
 * @param orderId the order's id
 * @param amountCents what the order costs: quantity times the goods' price
 * @param stockLeft the goods' stock after this transaction
 * @param ordersInTransaction how many orders the transaction that committed this one held
 */
public record Receipt(String orderId, long amountCents, int stockLeft, int ordersInTransaction) {}
