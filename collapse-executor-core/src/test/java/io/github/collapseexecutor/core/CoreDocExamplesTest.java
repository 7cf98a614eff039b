package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor.Place;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Java snippets of docs/core.md and docs/migrating.md, as written there (DocSnippetsTest in
 * the Spring Boot module holds them to the pages), compiled and run.
 */
@Timeout(30)
final class CoreDocExamplesTest {

  record Profile(long userId) {}

  record User(long id) {}

  record Price(String sku) {}

  record Quote(String symbol) {}

  static final class ProfileClient {
    CompletableFuture<Profile> loadAsync(long userId) {
      return CompletableFuture.completedFuture(new Profile(userId));
    }
  }

  static final class UserRepository {
    Map<Long, User> loadAll(Collection<Long> ids) {
      return ids.stream().collect(Collectors.toMap(id -> id, User::new));
    }
  }

  static final class PriceService {
    List<Price> pricesOf(List<String> skus) {
      return skus.stream().map(Price::new).toList();
    }
  }

  static final class QuoteClient {
    CompletableFuture<Map<String, Quote>> quotes(Set<String> symbols) {
      return CompletableFuture.completedFuture(
          symbols.stream().collect(Collectors.toMap(Function.identity(), Quote::new)));
    }
  }

  static final class UserManager {
    CompletableFuture<Map<Long, User>> loadUsersAsync(Set<Long> userIds) {
      return CompletableFuture.completedFuture(
          userIds.stream().collect(Collectors.toMap(id -> id, User::new)));
    }
  }

  private final FutureCallableGroupCollapseExecutor executor =
      new FutureCallableGroupCollapseExecutor();
  private final ProfileClient profileClient = new ProfileClient();
  private final UserRepository userRepository = new UserRepository();
  private final PriceService priceService = new PriceService();
  private final QuoteClient quoteClient = new QuoteClient();
  private final UserManager userManager = new UserManager();

  private CompletableFuture<Profile> profile(long userId) {
    // docs/core.md: join instead of execute
    // spotless:off: the docs show this code as written here
    Place<Profile> place = executor.join("profile:" + userId);
    if (place.leads()) {
      place.lead(() -> profileClient.loadAsync(userId));
    }
    return place.future();
    // spotless:on
  }

  @Test
  void aCallerThatJoinsLeadsAndGetsTheProfile() {
    assertThat(profile(7).join()).isEqualTo(new Profile(7));
  }

  @Test
  void batchFunctions() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    CollapseExecutorOptions options = CollapseExecutorOptions.builder().executor(pool).build();
    try {
      // docs/core.md: batch functions
      // spotless:off: the docs show this code as written here
      // Map<Long, User> loadAll(Collection<Long> ids)
      var users = MappedBatchFunction.blocking(userRepository::loadAll);
      // List<Price> pricesOf(List<String> skus), one per sku, in order; on the options' executor
      var prices = BatchFunction.async(priceService::pricesOf, options);
      // CompletableFuture<Map<String, Quote>> quotes(Set<String> symbols), which must not block
      var quotes = MappedBatchFunction.future(quoteClient::quotes, options);
      User user = users.execute(42L);
      // spotless:on

      assertThat(user).isEqualTo(new User(42));
      assertThat(prices.execute("sku-1").get(10, TimeUnit.SECONDS)).isEqualTo(new Price("sku-1"));
      assertThat(quotes.execute("ACME").get(10, TimeUnit.SECONDS)).isEqualTo(new Quote("ACME"));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void collapsingTurnsOffAndOnAgain() {
    var userLoader = MappedBatchFunction.blocking(userRepository::loadAll);
    // docs/core.md: turning collapsing off at run time
    // spotless:off: the docs show this code as written here
    userLoader.setCollapsing(false); // every call is now a batch of its own
    userLoader.setCollapsing(true);
    // spotless:on

    assertThat(userLoader.isCollapsing()).isTrue();
  }

  @Test
  void aJavaDataloaderBatchLoaderInOneLine() {
    // docs/migrating.md: from java-dataloader
    // spotless:off: the docs show this code as written here
    // CompletableFuture<Map<Long, User>> loadUsersAsync(Set<Long> userIds)
    var users = MappedBatchFunction.future(userManager::loadUsersAsync);
    CompletableFuture<User> user = users.execute(42L);   // userLoader.load(42L)
    // spotless:on

    assertThat(user.join()).isEqualTo(new User(42));
  }
}
