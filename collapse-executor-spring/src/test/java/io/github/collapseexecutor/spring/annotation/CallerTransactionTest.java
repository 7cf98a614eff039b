package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.annotation.HeldService;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntPredicate;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.NoTransactionException;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.reactive.AbstractReactiveTransactionManager;
import org.springframework.transaction.reactive.GenericReactiveTransaction;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;
import reactor.core.publisher.Mono;

/**
 * A caller inside a transaction of its own shares no run and no batch: the method it runs reads
 * what only its transaction holds (here a resource bound to it, as a JDBC connection with
 * uncommitted writes is), and what a caller outside any transaction reads must not depend on it.
 */
@Timeout(60)
final class CallerTransactionTest {

  private static final String PENDING = "pending writes";

  @Test
  void aCallerInATransactionNeitherJoinsNorLeadsTheOthers() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Ledger ledger = context.getBean(Ledger.class);

      List<Object> results =
          ledger
              .crowd()
              .run(
                  10,
                  i ->
                      inTransactionIf(
                          i == 3, i, ledger, () -> ledger.balanceHeldOutsideTransactions(1)));

      for (int i = 0; i < 10; i++) {
        assertThat(results.get(i))
            .as("caller %d", i)
            .isEqualTo(i == 3 ? "balance 1 with pending writes 3" : "balance 1 committed");
      }
      assertThat(ledger.runs().get()).isEqualTo(2);
    }
  }

  @Test
  void callersEachInATransactionEachRunTheMethod() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Ledger ledger = context.getBean(Ledger.class);

      List<Object> results =
          ledger.crowd().run(8, i -> inTransactionIf(true, i, ledger, () -> ledger.balance(1)));

      assertThat(results)
          .isEqualTo(
              IntStream.range(0, 8).mapToObj(i -> "balance 1 with pending writes " + i).toList());
      assertThat(ledger.runs().get()).isEqualTo(8);
    }
  }

  @Test
  void callersOutsideTransactionsStillShare() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Ledger ledger = context.getBean(Ledger.class);

      List<Object> results = ledger.crowd().run(10, i -> ledger.balance(1));

      assertThat(results).containsOnly("balance 1 committed");
      assertThat(ledger.runs().get()).isEqualTo(1);
    }
  }

  @Test
  void aMethodSharedAcrossCallersSharesAcrossTransactionsToo() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Ledger ledger = context.getBean(Ledger.class);

      List<Object> results =
          ledger.crowd().run(8, i -> inTransactionIf(true, i, ledger, () -> ledger.rate(1)));

      assertThat(results)
          .hasSize(8)
          .allSatisfy(result -> assertThat(result).isInstanceOf(String.class));
      assertThat(ledger.runs().get()).isEqualTo(1);
    }
  }

  @Test
  void aBatchedCallerInATransactionGetsABatchOfItsOwn() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Ledger ledger = context.getBean(Ledger.class);
      IntPredicate inTransaction = i -> i == 3;

      List<Object> results =
          ledger
              .crowd()
              .run(
                  10,
                  i -> inTransactionIf(inTransaction.test(i), i, ledger, () -> ledger.entry(i)));

      for (int i = 0; i < 10; i++) {
        assertThat(results.get(i))
            .as("caller %d", i)
            .isEqualTo(
                inTransaction.test(i)
                    ? "entry " + i + " with pending writes " + i
                    : "entry " + i + " committed");
      }
      assertThat(ledger.batches()).anySatisfy(batch -> assertThat(batch).containsExactly(3));
    }
  }

  @Test
  void aSubscriberInAReactiveTransactionNeitherJoinsNorLeadsTheOthers() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Ledger ledger = context.getBean(Ledger.class);
      TransactionalOperator transactions = TransactionalOperator.create(new ReactiveTransactions());

      // waiting on a future, which the crowd sees as parked (block() waits on a lock)
      List<Object> results =
          ledger
              .crowd()
              .run(
                  10,
                  i ->
                      join(
                          i != 3
                              ? ledger.reactiveBalance(1).toFuture()
                              : transactions
                                  .transactional(
                                      ReactiveResources.bind(PENDING, PENDING + " " + i)
                                          .then(ledger.reactiveBalance(1)))
                                  .toFuture()));

      for (int i = 0; i < 10; i++) {
        assertThat(results.get(i))
            .as("caller %d", i)
            .isEqualTo(i == 3 ? "balance 1 with pending writes 3" : "balance 1 committed");
      }
      assertThat(ledger.runs().get()).isEqualTo(2);
    }
  }

  private static Object join(CompletableFuture<String> future) {
    try {
      return future.get(20, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Runs {@code call} for caller {@code i}, in a transaction with pending writes if asked. */
  private static Object inTransactionIf(
      boolean transaction, int caller, Ledger ledger, Supplier<Object> call) {
    if (!transaction) {
      return call.get();
    }
    return ledger
        .transactions()
        .execute(
            status -> {
              TransactionSynchronizationManager.bindResource(PENDING, PENDING + " " + caller);
              try {
                return call.get();
              } finally {
                TransactionSynchronizationManager.unbindResource(PENDING);
              }
            });
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class Services {

    @Bean
    Ledger ledger() {
      return new Ledger();
    }
  }

  static class Ledger extends HeldService {

    private final Collection<List<Integer>> batches = new ConcurrentLinkedQueue<>();
    private final TransactionTemplate transactions = new TransactionTemplate(new Transactions());

    Collection<List<Integer>> batches() {
      return batches;
    }

    TransactionTemplate transactions() {
      return transactions;
    }

    @Collapsible
    public String balance(int account) {
      enter();
      return "balance " + account + seen();
    }

    /** {@link #balance}, holding only a run of callers outside transactions. */
    @Collapsible
    public String balanceHeldOutsideTransactions(int account) {
      if (TransactionSynchronizationManager.hasResource(PENDING)) {
        // a caller in a transaction runs alone: held first, it would hold none of the others,
        // whose run would then end before most of them arrived to join it
        runs().incrementAndGet();
      } else {
        enter();
      }
      return "balance " + account + seen();
    }

    @Collapsible(sharedAcrossCallers = true)
    public String rate(int account) {
      enter();
      return "rate " + account;
    }

    @Collapsible
    public Mono<String> reactiveBalance(int account) {
      enter();
      return ReactiveResources.resource(PENDING)
          .map(pending -> " with " + pending)
          .defaultIfEmpty(" committed")
          .map(seen -> "balance " + account + seen);
    }

    @CollapseBatch(batchMethod = "entries")
    public String entry(Integer id) {
      return entries(List.of(id)).get(id);
    }

    public Map<Integer, String> entries(List<Integer> ids) {
      batches.add(List.copyOf(ids));
      crowd().hold();
      Map<Integer, String> entries = new LinkedHashMap<>();
      ids.forEach(id -> entries.put(id, "entry " + id + seen()));
      return entries;
    }

    /** What the caller's transaction holds, as a query on its connection would see it. */
    private static String seen() {
      Object pending = TransactionSynchronizationManager.getResource(PENDING);
      return pending == null ? " committed" : " with " + pending;
    }
  }

  /** Reactive transactions with nothing behind them: Spring's synchronization in the context. */
  static final class ReactiveTransactions extends AbstractReactiveTransactionManager {

    @Override
    protected Object doGetTransaction(
        org.springframework.transaction.reactive.TransactionSynchronizationManager manager) {
      return new Object();
    }

    @Override
    protected Mono<Void> doBegin(
        org.springframework.transaction.reactive.TransactionSynchronizationManager manager,
        Object transaction,
        TransactionDefinition definition) {
      return Mono.empty();
    }

    @Override
    protected Mono<Void> doCommit(
        org.springframework.transaction.reactive.TransactionSynchronizationManager manager,
        GenericReactiveTransaction status) {
      return Mono.empty();
    }

    @Override
    protected Mono<Void> doRollback(
        org.springframework.transaction.reactive.TransactionSynchronizationManager manager,
        GenericReactiveTransaction status) {
      return Mono.empty();
    }
  }

  /** Resources of the subscriber's reactive transaction, as a reactive driver keeps them. */
  static final class ReactiveResources {

    private ReactiveResources() {}

    static Mono<Void> bind(Object key, Object value) {
      return org.springframework.transaction.reactive.TransactionSynchronizationManager
          .forCurrentTransaction()
          .doOnNext(manager -> manager.bindResource(key, value))
          .then();
    }

    static Mono<Object> resource(Object key) {
      return org.springframework.transaction.reactive.TransactionSynchronizationManager
          .forCurrentTransaction()
          .mapNotNull(manager -> manager.getResource(key))
          .onErrorResume(NoTransactionException.class, none -> Mono.empty());
    }
  }

  /** Transactions with nothing behind them: Spring's synchronization, on the caller's thread. */
  static final class Transactions extends AbstractPlatformTransactionManager {

    @Override
    protected Object doGetTransaction() {
      return new Object();
    }

    @Override
    protected void doBegin(Object transaction, TransactionDefinition definition) {}

    @Override
    protected void doCommit(DefaultTransactionStatus status) {}

    @Override
    protected void doRollback(DefaultTransactionStatus status) {}
  }
}
