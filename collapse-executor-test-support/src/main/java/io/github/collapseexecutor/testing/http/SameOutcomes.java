package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Checks that collapse changes nothing a caller can see: each call is first made once, one at a
 * time, by a client without collapse, then {@code n} calls cycling through the same calls are made
 * at once by a client with collapse; every one of them must observe what the plain client observed
 * for the same call, so no response crosses from one call to a different one.
 */
public final class SameOutcomes {

  /** Makes one call and reports what its caller observed. */
  @FunctionalInterface
  public interface Caller {
    Outcome call(Call call) throws Exception;
  }

  private SameOutcomes() {}

  /** Returns what {@code plain} observed for each call, in order. */
  public static Map<Call, Outcome> withoutCollapse(List<Call> calls, Caller plain)
      throws Exception {
    Map<Call, Outcome> expected = new LinkedHashMap<>();
    for (Call call : calls) {
      expected.put(call, plain.call(call));
    }
    return expected;
  }

  /**
   * Asserts that {@code n} concurrent calls through {@code collapsed}, cycling through the keys of
   * {@code expected}, each observe the expected outcome of their call.
   */
  public static void assertConcurrently(int n, Map<Call, Outcome> expected, Caller collapsed)
      throws Exception {
    List<Call> calls = List.copyOf(expected.keySet());
    AtomicInteger next = new AtomicInteger();
    List<Map.Entry<Call, Outcome>> observed =
        Concurrently.run(
            n,
            () -> {
              Call call = calls.get(next.getAndIncrement() % calls.size());
              return Map.entry(call, collapsed.call(call));
            });
    assertThat(observed)
        .allSatisfy(
            entry ->
                assertThat(entry.getValue())
                    .as(
                        "%s %s %s",
                        entry.getKey().method(), entry.getKey().target(), entry.getKey().headers())
                    .isEqualTo(expected.get(entry.getKey())));
  }

  /** Both steps at once. */
  public static Map<Call, Outcome> assertSame(
      int n, List<Call> calls, Caller plain, Caller collapsed) throws Exception {
    Map<Call, Outcome> expected = withoutCollapse(calls, plain);
    assertConcurrently(n, expected, collapsed);
    return expected;
  }
}
