package io.github.collapseexecutor.testing.http;

import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToLongFunction;

/**
 * Two instances of one application as one {@link DrivenClient}: calls go to both in turn, so
 * that two callers of one key meet only through what the instances share
 * (the fleet tier), and the counters are the sums of both. A contract run through it holds its
 * identity rules across instances.
 */
public final class TwoInstances implements DrivenClient {

  private final List<DrivenClient> instances;
  private final AtomicInteger next = new AtomicInteger();

  /** Takes the two instances' clients; closing this closes both. */
  public TwoInstances(DrivenClient first, DrivenClient second) {
    this.instances = List.of(first, second);
  }

  /**
   * Returns a fixture that opens two instances of {@code instance}'s client for each client a
   * contract opens, and says of them what {@code instance} says of one.
   */
  public static ClientFixture of(ClientFixture instance) {
    return new ClientFixture() {
      @Override
      public DrivenClient open(Setup setup) throws Exception {
        return new TwoInstances(instance.open(setup), instance.open(setup));
      }

      @Override
      public List<String> limitKinds() {
        return instance.limitKinds();
      }

      @Override
      public boolean limitMessageVaries(String kind) {
        return instance.limitMessageVaries(kind);
      }

      @Override
      public boolean leavingEndsTheCall() {
        return instance.leavingEndsTheCall();
      }

      @Override
      public int status(Exception failure) {
        return instance.status(failure);
      }

      @Override
      public boolean takesNullHeaderValues() {
        return instance.takesNullHeaderValues();
      }

      @Override
      public boolean sendsGetWithBody() {
        return instance.sendsGetWithBody();
      }
    };
  }

  @Override
  public Outcome send(Call call) throws Exception {
    return nextInstance().send(call);
  }

  @Override
  public OwnCall start(Call call) {
    return nextInstance().start(call);
  }

  /**
   * Returns the instance of the next call: the parity of the bits set in its number (the
   * Thue-Morse sequence), so that callers whose values cycle by twos or fours, as the contracts
   * hand them out, still reach both instances with each value.
   */
  private DrivenClient nextInstance() {
    return instances.get(Integer.bitCount(next.getAndIncrement()) % 2);
  }

  @Override
  public HttpCollapseStats stats() {
    return new Summed(instances.stream().map(DrivenClient::stats).toList());
  }

  @Override
  public void close() {
    instances.forEach(DrivenClient::close);
  }

  /** The counters of several adapters, added up. */
  private record Summed(List<HttpCollapseStats> parts) implements HttpCollapseStats {

    private long sum(ToLongFunction<HttpCollapseStats> counter) {
      return parts.stream().mapToLong(counter).sum();
    }

    @Override
    public long passedThrough() {
      return sum(HttpCollapseStats::passedThrough);
    }

    @Override
    public long led() {
      return sum(HttpCollapseStats::led);
    }

    @Override
    public long replayed() {
      return sum(HttpCollapseStats::replayed);
    }

    @Override
    public long fellBack() {
      return sum(HttpCollapseStats::fellBack);
    }

    @Override
    public long unshared(UnsharedReason reason) {
      return sum(stats -> stats.unshared(reason));
    }

    @Override
    public long varyKeyed() {
      return sum(HttpCollapseStats::varyKeyed);
    }

    @Override
    public long regrouped() {
      return sum(HttpCollapseStats::regrouped);
    }

    @Override
    public List<HttpCollapseStats> groups() {
      List<HttpCollapseStats> groups = new ArrayList<>();
      for (int i = 0; i < parts.get(0).groups().size(); i++) {
        int group = i;
        groups.add(new Summed(parts.stream().map(stats -> stats.groups().get(group)).toList()));
      }
      return groups;
    }
  }
}
