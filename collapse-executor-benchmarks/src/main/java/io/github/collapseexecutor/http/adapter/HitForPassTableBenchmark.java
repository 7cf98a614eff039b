package io.github.collapseexecutor.http.adapter;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What remembering one refused response costs the hit-for-pass table, empty and full, at the
 * sizes a service may configure ({@code hit-for-pass-max-keys}): a refusal for a new key is the
 * one request in a stream of distinct keys (a crawler, or an attacker) that writes to the table,
 * and a full table must not make it slower. Each measurement puts {@link #PUTS} new keys, then
 * looks each up as the next request with that key would.
 *
 * <p>{@code table=empty} starts every measurement with a table that has room for every put;
 * {@code table=full} starts it with {@code keys} keys already in, so that each put first forgets
 * the oldest. The table is package-private, hence the package of this class.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class HitForPassTableBenchmark {

  /** The puts of one measurement: few enough that an empty table of any size stays below full. */
  static final int PUTS = 10_000;

  @Param({"10000", "100000", "1000000"})
  public int keys;

  @Param({"empty", "full"})
  public String table;

  private ExpiringTable<Object, Boolean> hitForPass;
  private Object[] fresh;
  private long next;

  /** A table as the protocol makes it (a minute to live), filled when the table is full. */
  @Setup(Level.Iteration)
  public void setUp() {
    hitForPass = new ExpiringTable<>(TimeUnit.MINUTES.toNanos(1), keys);
    if (table.equals("full")) {
      for (int i = 0; i < keys; i++) {
        hitForPass.put(key(), Boolean.TRUE);
      }
    }
    // the keys are made before the clock starts: what is measured is the table, not the keys
    fresh = new Object[PUTS];
    for (int i = 0; i < PUTS; i++) {
      fresh[i] = key();
    }
  }

  private Object key() {
    return "GET https://users.internal/user/" + next++;
  }

  /** Puts {@link #PUTS} new keys, then reads each back. */
  @Benchmark
  @OperationsPerInvocation(PUTS)
  public void refuseNewKeys(Blackhole blackhole) {
    for (Object key : fresh) {
      hitForPass.put(key, Boolean.TRUE);
    }
    for (Object key : fresh) {
      blackhole.consume(hitForPass.get(key));
    }
  }
}
