package io.github.collapseexecutor.samples.order;

/**
 * An order that was not committed because of something about the order itself; the orders
 * submitted with it are not affected.
 */
public final class OrderRejectedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Why an order was rejected. */
  public enum Reason {
    /** No goods with the order's goods id. */
    UNKNOWN_GOODS,
    /** The goods' stock is smaller than the order's quantity. */
    INSUFFICIENT_STOCK,
    /** An order with the same id is committed, or came first in the same transaction. */
    DUPLICATE_ORDER,
    /** The database refused the order's row for another constraint; the cause says which. */
    CONSTRAINT_VIOLATED
  }

  private final String orderId;
  private final Reason reason;

  OrderRejectedException(String orderId, Reason reason, String detail, Throwable cause) {
    super("order " + orderId + " rejected, " + reason + ": " + detail, cause);
    this.orderId = orderId;
    this.reason = reason;
  }

  OrderRejectedException(String orderId, Reason reason, String detail) {
    this(orderId, reason, detail, null);
  }

  /** Returns the id of the rejected order. */
  public String orderId() {
    return orderId;
  }

  /** Returns why the order was rejected. */
  public Reason reason() {
    return reason;
  }
}
