package io.github.collapseexecutor.spring.annotation;

import org.jspecify.annotations.Nullable;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The caller's own transaction, where Spring manages one on the caller's thread. A caller inside
 * a transaction reads its own uncommitted writes, at its own isolation level: joining another
 * caller's run would hide them from it, and a run on its thread would show them to callers outside
 * it. So a caller in a transaction shares with no one and runs the method itself, inside its
 * transaction, as without collapse. Only loaded with Spring's transaction support.
 */
final class TransactionCallerIdentity implements CallerIdentity {

  @Override
  public @Nullable Object current() {
    return TransactionSynchronizationManager.isActualTransactionActive() ? ownTransaction() : null;
  }

  /** Returns an identity equal to no other caller's. */
  static Object ownTransaction() {
    return new OwnTransaction();
  }

  /** Equal to no other caller's: compared by identity. */
  private static final class OwnTransaction {

    @Override
    public String toString() {
      return "a transaction of its own";
    }
  }
}
