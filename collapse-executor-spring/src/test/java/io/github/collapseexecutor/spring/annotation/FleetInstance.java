package io.github.collapseexecutor.spring.annotation;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.FleetOptions;
import io.github.collapseexecutor.redis.RedisFleet;
import io.github.collapseexecutor.redis.FleetTestAccess;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import io.github.collapseexecutor.testing.LocalRedis;
import io.lettuce.core.RedisURI;
import io.github.collapseexecutor.testing.OwnThreads;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.publisher.Mono;

/**
 * One instance of an application with {@code @Collapsible(fleet = true)} methods: a plain Spring
 * context of its own, with its own {@link FleetCoordinator}, on a backend that the instances of a
 * test share, as instances share the service they call.
 */
final class FleetInstance implements AutoCloseable {

  /** A secret of the tests' own: never a real one. */
  static final byte[] SECRET = "test secret of the annotations' fleet, 32+ bytes".getBytes(
      StandardCharsets.UTF_8);
  /** A named executor with {@code fleet} on, and the caller timeout of the default one. */
  static final String FLEET_EXECUTOR = "fleet";
  /** The tenant a {@link CallerIdentity} of the application reads: an identity part. */
  static final ThreadLocal<@Nullable String> TENANT = new ThreadLocal<>();

  final AnnotationConfigApplicationContext context;
  final FleetCoordinator coordinator;
  final Quotes quotes;

  private FleetInstance(AnnotationConfigApplicationContext context) {
    this.context = context;
    this.coordinator = context.getBean(FleetCoordinator.class);
    this.quotes = context.getBean(Quotes.class);
  }

  /** Returns options of a fleet of a test's own: its key prefix meets no other run's. */
  static FleetOptions.Builder options() {
    return FleetOptions.builder(SECRET)
        .keyPrefix("collapse-test:" + UUID.randomUUID())
        .coordinationTimeout(Duration.ofSeconds(5))
        .probeInterval(Duration.ofMillis(100));
  }

  /** Starts an instance on the shared Redis, once it coordinates, with no caller timeout. */
  static FleetInstance coordinating(FleetOptions options, Backend backend) throws Exception {
    return start(LocalRedis.PORT, options, backend, null, /* coordinating= */ true, null);
  }

  /** {@link #coordinating}, with its calls observed by {@code observer}. */
  static FleetInstance observed(FleetOptions options, Backend backend,
      MethodObserver observer) throws Exception {
    return start(LocalRedis.PORT, options, backend, null, /* coordinating= */ true, observer);
  }

  /**
   * Starts an instance on the Redis of {@code port}, coordinating once it returns when
   * {@code coordinating}.
   *
   * @param timeout the caller timeout of the default executor, or {@code null} for none
   */
  static FleetInstance start(int port, FleetOptions options, Backend backend,
      @Nullable Duration timeout, boolean coordinating) throws Exception {
    return start(port, options, backend, timeout, coordinating, null);
  }

  private static FleetInstance start(int port, FleetOptions options, Backend backend,
      @Nullable Duration timeout, boolean coordinating, @Nullable MethodObserver observer)
      throws Exception {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    if (observer != null) {
      context.registerBean(MethodObserver.class, () -> observer);
    }
    context.register(Application.class);
    context.registerBean(Backend.class, () -> backend);
    context.registerBean(FleetCoordinator.class, () -> FleetCoordinator.connect(
        RedisURI.create("redis://127.0.0.1:" + port), options));
    context.registerBean(Fleet.class,
        () -> RedisFleet.of(context.getBean(FleetCoordinator.class)));
    context.registerBean(NamedExecutors.class, () -> new NamedExecutors(Map.of(
        NamedExecutors.DEFAULT, new NamedExecutor(NamedExecutors.DEFAULT,
            CollapseExecutorOptions.builder().name(NamedExecutors.DEFAULT).build(), timeout,
            /* sharedAcrossCallers= */ false, /* resultCopier= */ null, /* fleet= */ false),
        FLEET_EXECUTOR, new NamedExecutor(FLEET_EXECUTOR,
            CollapseExecutorOptions.builder().name(FLEET_EXECUTOR).build(), timeout,
            /* sharedAcrossCallers= */ false, /* resultCopier= */ null, /* fleet= */ true))));
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

  @Override
  public void close() {
    context.close();
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class Application {

    @Bean
    Quotes quotes(Backend backend) {
      return new Quotes(backend);
    }

    @Bean
    CallerIdentity tenant() {
      return TENANT::get;
    }
  }

  /** The service both instances call; it answers with what it was asked and its call count. */
  static final class Backend {

    final AtomicInteger calls = new AtomicInteger();
    final Semaphore entered = new Semaphore(0);
    final CountDownLatch release = new CountDownLatch(1);
    /** The futures {@link #quoteLater} handed out, in order, and the threads that asked. */
    final List<CompletableFuture<Quote>> answers = new CopyOnWriteArrayList<>();
    final List<String> askedOn = new CopyOnWriteArrayList<>();
    /** The number of the call that fails, or 0 for none. */
    volatile int failing;
    private final int held;

    /** @param held how many of the first calls wait for {@link #release} */
    Backend(int held) {
      this.held = held;
    }

    Quote quote(String symbol) {
      int call = calls.incrementAndGet();
      entered.release();
      if (call <= held) {
        awaitUninterruptibly(release);
      }
      if (call == failing) {
        throw new IllegalStateException("backend call " + call + " failed");
      }
      return new Quote(symbol, TENANT.get(), call);
    }

    /**
     * {@link #quote}, as a service that answers on a thread of its own: the caller gets its
     * future at once.
     */
    CompletableFuture<Quote> quoteLater(String symbol) {
      askedOn.add(Thread.currentThread().getName());
      CompletableFuture<Quote> answer = OwnThreads.call(() -> quote(symbol), new ArrayList<>());
      answers.add(answer);
      return answer;
    }

    /** Waits until {@code count} calls entered, at most 30 s. */
    void awaitEntered(int count) throws InterruptedException {
      if (!entered.tryAcquire(count, 30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("waited 30 s for " + count + " calls; "
            + calls.get() + " came");
      }
      entered.release(count);
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
      try {
        if (!latch.await(30, TimeUnit.SECONDS)) {
          throw new IllegalStateException("the backend was held 30 s");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }

  /** A quote: a record, so that its JSON reads back equal. */
  record Quote(String symbol, @Nullable String tenant, int call) {}

  /** A result whose class keeps Object's equals, every field of which JSON gives back. */
  public static final class Opaque {

    public @Nullable Quote quote;

    public Opaque() {}

    Opaque(Quote quote) {
      this.quote = quote;
    }
  }

  /** Equal by id, as DTOs often are; the note, which JSON leaves out, says which call made it. */
  public static final class Profile {

    public String id = "";
    @JsonIgnore
    public @Nullable String note;

    public Profile() {}

    Profile(String id, String note) {
      this.id = id;
      this.note = note;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Profile profile && profile.id.equals(id);
    }

    @Override
    public int hashCode() {
      return id.hashCode();
    }
  }

  /** The type a method declares. */
  public static class Animal {
    public @Nullable String name;
  }

  /** The type it returns. */
  public static final class Dog extends Animal {
    public @Nullable String breed;
  }

  /** The annotated bean, as an application writes it. */
  static class Quotes {

    private final Backend backend;

    Quotes(Backend backend) {
      this.backend = backend;
    }

    @Collapsible(fleet = true)
    public Quote quote(String symbol) {
      return backend.quote(symbol);
    }

    @Collapsible(fleet = true)
    public Opaque opaque(String symbol) {
      return new Opaque(backend.quote(symbol));
    }

    @Collapsible(fleet = true)
    public Profile profile(String symbol) {
      return new Profile(symbol, "made by call " + backend.quote(symbol).call());
    }

    @Collapsible(fleet = true)
    public Animal pet(String symbol) {
      Dog dog = new Dog();
      dog.name = symbol;
      dog.breed = "bred by call " + backend.quote(symbol).call();
      return dog;
    }

    @Collapsible(fleet = true)
    public SortedMap<String, Integer> ranks(String symbol) {
      SortedMap<String, Integer> ranks = new TreeMap<>(Comparator.reverseOrder());
      ranks.put("a", 1);
      ranks.put("call", backend.quote(symbol).call());
      return ranks;
    }

    @Collapsible(fleet = true)
    public CompletableFuture<Quote> quoteLater(String symbol) {
      return backend.quoteLater(symbol);
    }

    @Collapsible(fleet = true)
    public Mono<Quote> quoteMono(String symbol) {
      return Mono.fromFuture(() -> backend.quoteLater(symbol));
    }

    /** Through the fleet by its named executor's {@code fleet}. */
    @Collapsible(executor = FLEET_EXECUTOR)
    public CompletableFuture<Quote> quoteLaterOnFleetExecutor(String symbol) {
      return backend.quoteLater(symbol);
    }

    @Collapsible(executor = FLEET_EXECUTOR)
    public Mono<Quote> quoteMonoOnFleetExecutor(String symbol) {
      return Mono.fromFuture(() -> backend.quoteLater(symbol));
    }

    @Collapsible(fleet = true)
    public CompletableFuture<Profile> profileLater(String symbol) {
      return backend.quoteLater(symbol)
          .thenApply(quote -> new Profile(symbol, "made by call " + quote.call()));
    }

    @Collapsible(fleet = true)
    public Mono<Profile> profileMono(String symbol) {
      return Mono.fromFuture(() -> backend.quoteLater(symbol))
          .map(quote -> new Profile(symbol, "made by call " + quote.call()));
    }

    /** No value from the backend's first call: a future of null. */
    @Collapsible(fleet = true)
    public CompletableFuture<@Nullable Quote> laterButFirst(String symbol) {
      return backend.quoteLater(symbol).thenApply(quote -> quote.call() == 1 ? null : quote);
    }

    /** No value from the backend's first call: an empty Mono. */
    @Collapsible(fleet = true)
    public Mono<Quote> monoButFirst(String symbol) {
      return Mono.fromFuture(() -> backend.quoteLater(symbol))
          .filter(quote -> quote.call() != 1);
    }

    /** A write of this instance that the quotes read: later reads never go back before it. */
    @CollapseBarrier
    public void trade(String symbol) {}
  }

  /** Returns the backend's calls, for messages. */
  @Override
  public String toString() {
    return Objects.toString(coordinator.stats());
  }
}
