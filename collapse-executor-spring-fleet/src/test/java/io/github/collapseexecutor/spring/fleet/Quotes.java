package io.github.collapseexecutor.spring.fleet;

import io.github.collapseexecutor.spring.annotation.CollapseBarrier;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.fleet.FleetResults.Animal;
import io.github.collapseexecutor.spring.fleet.FleetResults.Dog;
import io.github.collapseexecutor.spring.fleet.FleetResults.Opaque;
import io.github.collapseexecutor.spring.fleet.FleetResults.Profile;
import java.util.Comparator;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * The annotated bean of a {@link FleetInstance}, as an application writes it: methods that share
 * their runs across the fleet, each asking the {@link FleetBackend}, in every shape a result
 * takes on its way through JSON and every kind a method returns.
 */
public class Quotes {

  private final FleetBackend backend;

  Quotes(FleetBackend backend) {
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
  @Collapsible(executor = FleetInstance.FLEET_EXECUTOR)
  public CompletableFuture<Quote> quoteLaterOnFleetExecutor(String symbol) {
    return backend.quoteLater(symbol);
  }

  @Collapsible(executor = FleetInstance.FLEET_EXECUTOR)
  public Mono<Quote> quoteMonoOnFleetExecutor(String symbol) {
    return Mono.fromFuture(() -> backend.quoteLater(symbol));
  }

  @Collapsible(fleet = true)
  public CompletableFuture<Profile> profileLater(String symbol) {
    return backend
        .quoteLater(symbol)
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
    return Mono.fromFuture(() -> backend.quoteLater(symbol)).filter(quote -> quote.call() != 1);
  }

  /** A write of this instance that the quotes read: later reads never go back before it. */
  @CollapseBarrier
  public void trade(String symbol) {}
}
