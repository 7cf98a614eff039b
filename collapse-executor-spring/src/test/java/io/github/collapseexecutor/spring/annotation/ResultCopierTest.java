package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.testing.annotation.Collapsing;
import io.github.collapseexecutor.testing.annotation.Crowd;
import io.github.collapseexecutor.testing.annotation.TestExecutors;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageImpl;
import reactor.core.publisher.Mono;

/**
 * What the callers of one run hold: each caller that joined a copy of its own, which it may change
 * without changing anyone else's, made by the {@link ResultCopier} the method names, or else by
 * the application's Jackson copier for a mutable class it copies faithfully.
 */
@Timeout(60)
final class ResultCopierTest {

  /**
   * A result a caller can change is never the one object of every caller: without a copier of
   * its own, the method's mutable result reaches each caller that joined as a copy of the
   * application's Jackson copier, which copies the class faithfully.
   */
  @Test
  void withoutACopierEachCallerThatJoinedGetsAJacksonCopyOfAMutableResult() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class, Collapsing.class)) {
      Carts carts = context.getBean(Carts.class);

      List<Object> results = carts.crowd().run(10, i -> carts.shared(1));

      assertThat(carts.runs().get()).isEqualTo(1);
      assertThat(results).containsOnly(new Cart("cart 1"));
      assertThat(distinct(results)).isEqualTo(10);
      assertUnchangedByOthers(results);
    }
  }

  @Test
  void aCopierGivesEveryCallerThatJoinedAnEqualObjectOfItsOwn() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class, Collapsing.class)) {
      Carts carts = context.getBean(Carts.class);

      List<Object> results = carts.crowd().run(10, i -> carts.copied(1));

      assertThat(carts.runs().get()).isEqualTo(1);
      assertThat(results).containsOnly(new Cart("cart 1"));
      assertThat(distinct(results)).isEqualTo(10);
      assertUnchangedByOthers(results);
    }
  }

  @Test
  void theJacksonCopierOfANamedExecutorCopiesWithTheDeclaredGenericType() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class, Collapsing.class)) {
      Carts carts = context.getBean(Carts.class);

      List<Object> results = carts.crowd().run(10, i -> carts.viaJackson(2));

      assertThat(carts.runs().get()).isEqualTo(1);
      assertThat(distinct(results)).isEqualTo(10);
      List<Object> firsts = new ArrayList<>();
      for (Object list : results) {
        // a list of carts, not of maps: the method's generic return type was read back
        assertThat((List<?>) list)
            .hasSize(1)
            .first()
            .isInstanceOf(Cart.class)
            .isEqualTo(new Cart("cart 2"));
        firsts.add(((List<?>) list).get(0));
      }
      assertThat(distinct(firsts)).isEqualTo(10);
      assertUnchangedByOthers(firsts);
    }
  }

  @Test
  void theJacksonCopierReadsBackTheTypeTheBeansClassGivesAGenericMethod() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class, Collapsing.class)) {
      CartShelf shelf = context.getBean(CartShelf.class);

      List<Object> results = shelf.crowd().run(4, i -> shelf.all(6));

      assertThat(shelf.runs().get()).isEqualTo(1);
      assertThat(distinct(results)).isEqualTo(4);
      assertThat(results)
          .allSatisfy(
              list ->
                  assertThat((List<?>) list)
                      .singleElement()
                      .isInstanceOf(Cart.class)
                      .isEqualTo(new Cart("cart 6")));
    }
  }

  @Test
  void callersThatJoinedAFutureGetCopiesAndCanStillLeaveAlone() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class, Collapsing.class)) {
      Carts carts = context.getBean(Carts.class);

      List<CompletableFuture<Cart>> callers = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        callers.add(carts.future(3));
      }
      callers.get(9).cancel(/* mayInterruptIfRunning= */ false);
      carts.pending().forEach(future -> future.complete(new Cart("cart 3")));

      List<Object> results = new ArrayList<>();
      for (CompletableFuture<Cart> caller : callers.subList(0, 9)) {
        results.add(caller.get(10, TimeUnit.SECONDS));
      }
      assertThat(carts.runs().get()).isEqualTo(1);
      assertThat(results).containsOnly(new Cart("cart 3"));
      assertThat(distinct(results)).isEqualTo(9);
      assertUnchangedByOthers(results);
    }
  }

  @Test
  void subscribersThatJoinedAMonoGetCopies() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class, Collapsing.class)) {
      Carts carts = context.getBean(Carts.class);

      List<CompletableFuture<Cart>> subscribers = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        subscribers.add(carts.mono(4).toFuture());
      }
      carts.pending().forEach(future -> future.complete(new Cart("cart 4")));

      List<Object> results = new ArrayList<>();
      for (CompletableFuture<Cart> subscriber : subscribers) {
        results.add(subscriber.get(10, TimeUnit.SECONDS));
      }
      assertThat(carts.runs().get()).isEqualTo(1);
      assertThat(distinct(results)).isEqualTo(10);
      assertUnchangedByOthers(results);
    }
  }

  @Test
  void callersOfOneBatchWithEqualArgumentsGetCopiesOfAMutableResultWithoutACopier()
      throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class, Collapsing.class)) {
      Carts carts = context.getBean(Carts.class);

      List<Object> results = carts.crowd().run(10, i -> carts.batched(5));

      // the held first batch left the others queued: fewer batches than callers
      assertThat(carts.batches()).hasSizeLessThan(10);
      assertThat(results).containsOnly(new Cart("cart 5"));
      assertThat(distinct(results)).isEqualTo(10);
      assertUnchangedByOthers(results);
    }
  }

  @Test
  void aCopierGivesEveryCallerOfABatchWithAnEqualArgumentACopyOfItsOwn() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class, Collapsing.class)) {
      Carts carts = context.getBean(Carts.class);

      List<Object> results = carts.crowd().run(10, i -> carts.batchedCopied(5));

      assertThat(carts.batches()).hasSizeLessThan(10);
      assertThat(results).containsOnly(new Cart("cart 5"));
      assertThat(distinct(results)).isEqualTo(10);
      assertUnchangedByOthers(results);
    }
  }

  @Test
  void aCopierThatIsNotABeanStopsTheApplication() {
    assertThat(
            UncollapsibleMethodsTest.failure(Services.class, Collapsing.class, UnknownCopier.class))
        .contains(
            "@Collapsible on UnknownCopier.load(int) cannot be collapsed: result copier 'nowhere'"
                + " is not a bean; ResultCopier beans: [cartCopier, failingCopier, jacksonResultCopier]");
  }

  @Test
  void aBeanThatIsNotACopierStopsTheApplication() {
    assertThat(UncollapsibleMethodsTest.failure(Services.class, Collapsing.class, NotACopier.class))
        .contains(
            "@CollapseBatch on NotACopier.load(Integer) cannot be collapsed: result copier 'carts'"
                + " is a "
                + Carts.class.getName()
                + ", not a ResultCopier");
  }

  @Test
  void aCopierThatCannotCopyTheResultTypeStopsTheApplication() {
    assertThat(
            UncollapsibleMethodsTest.failure(Services.class, Collapsing.class, UntypedResult.class))
        .contains(
            "@Collapsible on UntypedResult.load(int) cannot be collapsed: result copier"
                + " 'jacksonResultCopier' cannot copy results of type java.lang.Object");
  }

  /**
   * Jackson cannot construct a Spring Data {@code Page}: named as the copier of a method returning
   * one, it once started without a word and failed most callers who joined a run.
   */
  @Test
  void aJacksonCopierOfATypeJacksonCannotConstructStopsTheApplicationWithTheFix() {
    assertThat(UncollapsibleMethodsTest.failure(Services.class, Collapsing.class, PagedCarts.class))
        .contains(
            "@Collapsible on PagedCarts.page(int) cannot be collapsed: result copier"
                + " 'jacksonResultCopier' cannot copy results of type"
                + " org.springframework.data.domain.Page<"
                + Cart.class.getName()
                + ">: Jackson cannot construct a org.springframework.data.domain.Page");
    assertThat(misconfigured(PagedCarts.class).action())
        .isEqualTo(
            "Remove resultCopier: the library copies a org.springframework.data.domain.PageImpl"
                + " itself, for every caller that joined.");
    assertThat(
            UncollapsibleMethodsTest.failure(Services.class, Collapsing.class, AbstractCarts.class))
        .contains(
            "@Collapsible on AbstractCarts.load(int) cannot be collapsed: result copier"
                + " 'jacksonResultCopier' cannot copy results of type "
                + AbstractCart.class.getName()
                + ": Jackson cannot construct a "
                + AbstractCart.class.getName());
    assertThat(misconfigured(AbstractCarts.class).action())
        .startsWith("Name a ResultCopier whose canCopy accepts");
  }

  private static MisconfiguredMethodException misconfigured(Class<?> service) {
    Throwable failure =
        catchThrowable(
            () ->
                new AnnotationConfigApplicationContext(Services.class, Collapsing.class, service)
                    .close());
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof MisconfiguredMethodException misconfigured) {
        return misconfigured;
      }
    }
    throw new AssertionError("no MisconfiguredMethodException in " + failure);
  }

  /**
   * A subclass of the declared type that Jackson reads back as the declared class, or cannot read
   * back at all, is no copy: each caller that joined the run makes its own call, and none fails.
   */
  @Test
  void aResultTheCopierCannotCopyGivesEveryCallerThatJoinedItsOwnRunAndFailsNone()
      throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class, Collapsing.class)) {
      Carts carts = context.getBean(Carts.class);
      ReportedCopies reported = context.getBean(ReportedCopies.class);

      List<Object> subclassed = carts.crowd().run(10, i -> carts.special(7));

      assertThat(subclassed)
          .allSatisfy(cart -> assertThat(cart).isInstanceOf(SpecialCart.class))
          .containsOnly(new SpecialCart("cart 7"));
      assertThat(carts.runs().get()).as("the run, and each joiner's own").isEqualTo(10);
      assertThat(reported.notCollapsed).containsEntry("copy-failed", 9L);
    }
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class, Collapsing.class)) {
      Carts carts = context.getBean(Carts.class);

      List<Object> failing = carts.crowd().run(10, i -> carts.uncopyable(8));

      assertThat(failing).containsOnly(new Cart("cart 8"));
      assertThat(carts.runs().get()).isEqualTo(10);
    }
  }

  /** Adds to each result in turn, and checks that no other result saw it. */
  private static void assertUnchangedByOthers(List<Object> results) {
    for (int i = 0; i < results.size(); i++) {
      ((Cart) results.get(i)).getItems().add("caller " + i);
    }
    for (int i = 0; i < results.size(); i++) {
      assertThat(((Cart) results.get(i)).getItems())
          .endsWith("caller " + i)
          .filteredOn(item -> item.startsWith("caller "))
          .hasSize(1);
    }
  }

  private static int distinct(List<Object> results) {
    Set<Object> instances = Collections.newSetFromMap(new IdentityHashMap<>());
    instances.addAll(results);
    return instances.size();
  }

  /**
   * The application's beans, registered before {@link Collapsing} as Spring Boot's
   * auto-configuration comes after them: a failure lists the copier beans in that order.
   */
  @Configuration(proxyBeanMethods = false)
  static class Services {

    @Bean
    NamedExecutors namedExecutors(ReportedCopies reported) {
      return TestExecutors.with(
          // what the joiners of its methods got, the tests read from the listener
          NamedExecutor.builder(
                  "reported", TestExecutors.options("reported").listener(reported).build())
              .build(),
          NamedExecutor.builder("jackson", TestExecutors.options("jackson").build())
              .resultCopier(JacksonResultCopier.BEAN_NAME)
              .build(),
          NamedExecutor.builder(
                  "one-batch", TestExecutors.options("one-batch").maxConcurrentBatches(1).build())
              .build());
    }

    @Bean
    Carts carts() {
      return new Carts();
    }

    @Bean
    CartShelf cartShelf() {
      return new CartShelf();
    }

    @Bean
    ResultCopier cartCopier() {
      return (result, type) -> new Cart(((Cart) result).getItems());
    }

    @Bean
    ResultCopier failingCopier() {
      return (result, type) -> {
        throw new IllegalStateException("cannot copy " + result);
      };
    }

    @Bean
    ReportedCopies reportedCopies() {
      return new ReportedCopies();
    }
  }

  /** What the listener of the executor {@code reported} heard, by reason. */
  static final class ReportedCopies implements CollapseListener {

    final Map<String, Long> notCollapsed = new ConcurrentHashMap<>();

    @Override
    public void callNotCollapsed(String executorName, String reason) {
      notCollapsed.merge(reason, 1L, Long::sum);
    }
  }

  /** A cart of a kind Jackson reads back as a plain cart. */
  public static class SpecialCart extends Cart {

    SpecialCart(String item) {
      super(item);
    }
  }

  /** A cart Jackson cannot construct: no subclass is named in its JSON. */
  public abstract static class AbstractCart {

    public abstract List<String> getItems();
  }

  /** A mutable result, as Jackson reads and writes it. */
  public static class Cart {

    private List<String> items = new ArrayList<>();

    public Cart() {}

    Cart(String item) {
      items.add(item);
    }

    Cart(List<String> items) {
      this.items = new ArrayList<>(items);
    }

    public List<String> getItems() {
      return items;
    }

    public void setItems(List<String> items) {
      this.items = items;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Cart that && items.equals(that.items);
    }

    @Override
    public int hashCode() {
      return Objects.hashCode(items);
    }

    @Override
    public String toString() {
      return "Cart" + items;
    }
  }

  static class Carts {

    private final Crowd crowd = new Crowd();
    private final AtomicInteger runs = new AtomicInteger();
    private final ConcurrentLinkedQueue<CompletableFuture<Cart>> pending =
        new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<List<Integer>> batches = new ConcurrentLinkedQueue<>();

    Crowd crowd() {
      return crowd;
    }

    AtomicInteger runs() {
      return runs;
    }

    ConcurrentLinkedQueue<CompletableFuture<Cart>> pending() {
      return pending;
    }

    ConcurrentLinkedQueue<List<Integer>> batches() {
      return batches;
    }

    @Collapsible
    public Cart shared(int id) {
      runs.incrementAndGet();
      crowd.hold();
      return new Cart("cart " + id);
    }

    @Collapsible(resultCopier = "cartCopier")
    public Cart copied(int id) {
      return shared(id);
    }

    @Collapsible(resultCopier = JacksonResultCopier.BEAN_NAME, executor = "reported")
    public Cart special(int id) {
      runs.incrementAndGet();
      crowd.hold();
      return new SpecialCart("cart " + id);
    }

    @Collapsible(resultCopier = "failingCopier")
    public Cart uncopyable(int id) {
      return shared(id);
    }

    @Collapsible(executor = "jackson")
    public List<Cart> viaJackson(int id) {
      return new ArrayList<>(List.of(shared(id)));
    }

    @Collapsible(resultCopier = "cartCopier")
    public CompletableFuture<Cart> future(int id) {
      runs.incrementAndGet();
      CompletableFuture<Cart> future = new CompletableFuture<>();
      pending.add(future);
      return future;
    }

    @Collapsible(resultCopier = "cartCopier")
    public Mono<Cart> mono(int id) {
      return Mono.defer(() -> Mono.fromFuture(future(id)));
    }

    @CollapseBatch(batchMethod = "carts", executor = "one-batch")
    public Cart batched(Integer id) {
      return carts(List.of(id)).get(id);
    }

    @CollapseBatch(batchMethod = "carts", executor = "one-batch", resultCopier = "cartCopier")
    public Cart batchedCopied(Integer id) {
      return carts(List.of(id)).get(id);
    }

    public Map<Integer, Cart> carts(List<Integer> ids) {
      batches.add(ids);
      crowd.hold();
      Map<Integer, Cart> carts = new LinkedHashMap<>();
      ids.forEach(id -> carts.put(id, new Cart("cart " + id)));
      return carts;
    }
  }

  /** A method declared with a type variable, which only the bean's class resolves. */
  abstract static class Shelf<T> {

    private final Crowd crowd = new Crowd();
    private final AtomicInteger runs = new AtomicInteger();

    Crowd crowd() {
      return crowd;
    }

    AtomicInteger runs() {
      return runs;
    }

    abstract T item(int id);

    @Collapsible(resultCopier = JacksonResultCopier.BEAN_NAME)
    public List<T> all(int id) {
      runs.incrementAndGet();
      crowd.hold();
      return new ArrayList<>(List.of(item(id)));
    }
  }

  static class CartShelf extends Shelf<Cart> {

    @Override
    Cart item(int id) {
      return new Cart("cart " + id);
    }
  }

  static class UnknownCopier {
    @Collapsible(resultCopier = "nowhere")
    public Cart load(int id) {
      return new Cart("cart " + id);
    }
  }

  static class NotACopier {
    @CollapseBatch(batchMethod = "loadAll", resultCopier = "carts")
    public Cart load(Integer id) {
      return new Cart("cart " + id);
    }

    public List<Cart> loadAll(List<Integer> ids) {
      return ids.stream().map(id -> new Cart("cart " + id)).toList();
    }
  }

  static class PagedCarts {
    @Collapsible(resultCopier = JacksonResultCopier.BEAN_NAME)
    public Page<Cart> page(int id) {
      return new PageImpl<>(List.of(new Cart("cart " + id)));
    }
  }

  static class AbstractCarts {
    @Collapsible(resultCopier = JacksonResultCopier.BEAN_NAME)
    public AbstractCart load(int id) {
      return new AbstractCart() {
        @Override
        public List<String> getItems() {
          return List.of("cart " + id);
        }
      };
    }
  }

  static class UntypedResult {
    @Collapsible(resultCopier = JacksonResultCopier.BEAN_NAME)
    public Object load(int id) {
      return new Cart("cart " + id);
    }
  }
}
