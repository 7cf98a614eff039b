package io.github.collapseexecutor.spring.fleet;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.FleetOptions;
import io.github.collapseexecutor.redis.FleetTestAccess;
import io.github.collapseexecutor.redis.RedisFleet;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.annotation.CallerIdentity;
import io.github.collapseexecutor.spring.annotation.EnableCollapsing;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import io.github.collapseexecutor.testing.LocalRedis;
import io.lettuce.core.RedisURI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * One instance of an application with {@code @Collapsible(fleet = true)} methods, its
 * {@link Quotes}: a plain Spring context of its own, with its own {@link FleetCoordinator}, on a
 * {@link FleetBackend} that the instances of a test share, as instances share the service they
 * call.
 */
public final class FleetInstance implements AutoCloseable {

  /** A secret of the tests' own: never a real one. */
  public static final byte[] SECRET =
      "test secret of the annotations' fleet, 32+ bytes".getBytes(StandardCharsets.UTF_8);

  /** A named executor with {@code fleet} on, and the caller timeout of the default one. */
  public static final String FLEET_EXECUTOR = "fleet";

  /** The tenant a {@link CallerIdentity} of the application reads: an identity part. */
  public static final ThreadLocal<@Nullable String> TENANT = new ThreadLocal<>();

  private final AnnotationConfigApplicationContext context;
  private final FleetCoordinator coordinator;
  private final Quotes quotes;

  private FleetInstance(AnnotationConfigApplicationContext context) {
    this.context = context;
    this.coordinator = context.getBean(FleetCoordinator.class);
    this.quotes = context.getBean(Quotes.class);
  }

  /** Returns options of a fleet of a test's own: its key prefix meets no other run's. */
  public static FleetOptions.Builder options() {
    return FleetOptions.builder(SECRET)
        .keyPrefix("collapse-test:" + UUID.randomUUID())
        .coordinationTimeout(Duration.ofSeconds(5))
        .probeInterval(Duration.ofMillis(100));
  }

  /** Starts an instance on the shared Redis, once it coordinates, with no caller timeout. */
  public static FleetInstance coordinating(FleetOptions options, FleetBackend backend)
      throws Exception {
    return start(LocalRedis.PORT, options, backend, null, /* coordinating= */ true, null);
  }

  /** {@link #coordinating}, with its calls observed by {@code observer}. */
  public static FleetInstance observed(
      FleetOptions options, FleetBackend backend, MethodObserver observer) throws Exception {
    return start(LocalRedis.PORT, options, backend, null, /* coordinating= */ true, observer);
  }

  /**
   * Starts an instance on the Redis of {@code port}, coordinating once it returns when
   * {@code coordinating}.
   *
   * @param timeout the caller timeout of the default executor, or {@code null} for none
   */
  public static FleetInstance start(
      int port,
      FleetOptions options,
      FleetBackend backend,
      @Nullable Duration timeout,
      boolean coordinating)
      throws Exception {
    return start(port, options, backend, timeout, coordinating, null);
  }

  private static FleetInstance start(
      int port,
      FleetOptions options,
      FleetBackend backend,
      @Nullable Duration timeout,
      boolean coordinating,
      @Nullable MethodObserver observer)
      throws Exception {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    if (observer != null) {
      context.registerBean(MethodObserver.class, () -> observer);
    }
    context.register(Application.class);
    context.registerBean(FleetBackend.class, () -> backend);
    context.registerBean(
        FleetCoordinator.class,
        () -> FleetCoordinator.connect(RedisURI.create("redis://127.0.0.1:" + port), options));
    context.registerBean(Fleet.class, () -> RedisFleet.of(context.getBean(FleetCoordinator.class)));
    context.registerBean(
        NamedExecutors.class,
        () ->
            new NamedExecutors(
                Map.of(
                    NamedExecutors.DEFAULT,
                    NamedExecutor.builder(
                            NamedExecutors.DEFAULT,
                            CollapseExecutorOptions.builder().name(NamedExecutors.DEFAULT).build())
                        .timeout(timeout)
                        .build(),
                    FLEET_EXECUTOR,
                    NamedExecutor.builder(
                            FLEET_EXECUTOR,
                            CollapseExecutorOptions.builder().name(FLEET_EXECUTOR).build())
                        .timeout(timeout)
                        .fleet(true)
                        .build())));
    context.refresh();
    FleetInstance instance = new FleetInstance(context);
    if (coordinating) {
      try {
        FleetTestAccess.awaitCoordinating(instance.coordinator);
      } catch (Exception e) {
        instance.close();
        throw e;
      }
    }
    return instance;
  }

  /** Returns this instance's coordinator. */
  public FleetCoordinator coordinator() {
    return coordinator;
  }

  /** Returns this instance's annotated bean. */
  public Quotes quotes() {
    return quotes;
  }

  /** Commits a transaction that may write, as a {@code @Transactional} service method would. */
  public void commitWrite() {
    new TransactionTemplate(context.getBean(PlatformTransactionManager.class))
        .executeWithoutResult(status -> {});
  }

  @Override
  public void close() {
    context.close();
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  @Import(CollapsibleFleetConfiguration.class)
  static class Application {

    @Bean
    Quotes quotes(FleetBackend backend) {
      return new Quotes(backend);
    }

    @Bean
    CallerIdentity tenant() {
      return TENANT::get;
    }

    @Bean
    PlatformTransactionManager transactionManager() {
      return new NoResourceTransactionManager();
    }
  }

  /** Transactions with no resource of their own: what counts here is that they commit. */
  @SuppressWarnings("serial")
  static final class NoResourceTransactionManager extends AbstractPlatformTransactionManager {

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

  /** Returns the coordinator's stats, for messages. */
  @Override
  public String toString() {
    return Objects.toString(coordinator.stats());
  }
}
