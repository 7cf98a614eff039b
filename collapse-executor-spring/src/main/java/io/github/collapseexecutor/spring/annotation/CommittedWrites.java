package io.github.collapseexecutor.spring.annotation;

import java.util.Collection;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.transaction.ConfigurableTransactionManager;
import org.springframework.transaction.ReactiveTransaction;
import org.springframework.transaction.TransactionExecution;
import org.springframework.transaction.TransactionExecutionListener;

/**
 * Counts every transaction that a transaction manager of the application commits as a completed
 * write, read-only ones aside: a post-processor that adds one listener to each
 * {@link ConfigurableTransactionManager} bean as it is created, and at the end of startup to any
 * created before it. The listener is no bean, so that Spring Boot's customizer, which adds every
 * {@code TransactionExecutionListener} bean to the transaction managers it configures, does not
 * add it a second time. Only loaded with Spring's transactions, 6.1 or later.
 */
final class CommittedWrites
    implements BeanPostProcessor, BeanFactoryAware, SmartInitializingSingleton {

  private final Listener listener;
  private volatile @Nullable BeanFactory beanFactory;

  CommittedWrites(CompletedWrites writes) {
    this.listener = new Listener(writes);
  }

  @Override
  public void setBeanFactory(BeanFactory beanFactory) {
    this.beanFactory = beanFactory;
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) {
    if (bean instanceof ConfigurableTransactionManager manager) {
      register(manager);
    }
    return bean;
  }

  @Override
  public void afterSingletonsInstantiated() {
    if (beanFactory instanceof ListableBeanFactory beans) {
      beans
          .getBeansOfType(ConfigurableTransactionManager.class, false, false)
          .values()
          .forEach(this::register);
    }
  }

  private void register(ConfigurableTransactionManager manager) {
    Collection<TransactionExecutionListener> listeners = manager.getTransactionExecutionListeners();
    if (!listeners.contains(listener)) {
      manager.addListener(listener);
    }
  }

  /** Counts a write when a transaction that may write has committed. */
  private static final class Listener implements TransactionExecutionListener {

    private final CompletedWrites writes;

    Listener(CompletedWrites writes) {
      this.writes = writes;
    }

    @Override
    public void afterCommit(TransactionExecution transaction, @Nullable Throwable commitFailure) {
      // a failed commit may have written part of it: counted too, which costs only a run
      if (transaction.isReadOnly()) {
        return;
      }
      if (transaction instanceof ReactiveTransaction) {
        // on an event loop, which must not wait: the other instances learn of it a moment later
        writes.completed();
      } else {
        // the transaction's caller goes on once the other instances can know of it
        writes.completedHere();
      }
    }
  }
}
