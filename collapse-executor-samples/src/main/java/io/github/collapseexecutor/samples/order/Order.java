package io.github.collapseexecutor.samples.order;

import java.util.Objects;

/**
 * One order as a caller submits it: {@code quantity} pieces of goods {@code goodsId}, under an
 * order id the caller chooses (so that a resubmitted order is recognised as a duplicate).
 */
public record Order(String id, long goodsId, int quantity) {

  /** The longest order id the orders table holds. */
  public static final int MAX_ID_LENGTH = 64;

  /**
   * @throws IllegalArgumentException if the id is blank or longer than {@value #MAX_ID_LENGTH}, or
   *     the quantity is not positive
   */
  public Order {
    Objects.requireNonNull(id, "id");
    if (id.isBlank() || id.length() > MAX_ID_LENGTH) {
      throw new IllegalArgumentException(
          "order id must be 1 to " + MAX_ID_LENGTH + " characters: \"" + id + "\"");
    }
    if (quantity <= 0) {
      throw new IllegalArgumentException(
          "quantity of order " + id + " must be positive: " + quantity);
    }
  }
}
