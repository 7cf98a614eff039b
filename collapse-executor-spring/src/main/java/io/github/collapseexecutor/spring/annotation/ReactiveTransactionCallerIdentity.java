package io.github.collapseexecutor.spring.annotation;

import org.springframework.transaction.NoTransactionException;
import org.springframework.transaction.reactive.TransactionSynchronizationManager;
import reactor.core.publisher.Mono;

/**
 * The subscriber's own reactive transaction, which Spring keeps in its Reactor context
 * ({@code TransactionalOperator}, {@code @Transactional} on a reactive method): as
 * {@link TransactionCallerIdentity} for a thread, a subscriber inside a transaction shares with no
 * one and runs the method itself, in its transaction. Only loaded with Spring's transaction
 * support and Reactor.
 */
final class ReactiveTransactionCallerIdentity implements ReactiveCallerIdentity {

  @Override
  public Mono<?> current() {
    return TransactionSynchronizationManager.forCurrentTransaction()
        .filter(TransactionSynchronizationManager::isActualTransactionActive)
        .map(active -> TransactionCallerIdentity.ownTransaction())
        .onErrorResume(NoTransactionException.class, outsideAny -> Mono.empty());
  }
}
