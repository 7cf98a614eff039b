package io.github.collapseexecutor.samples.samekey;

import io.github.collapseexecutor.samples.Callers;
import java.time.Duration;
import java.util.List;

/**
 * What the examples' {@code main} methods show first: {@value #CALLERS} threads ask for one user at
 * once, of a service that takes {@link #LATENCY} per call, and a line says how many distinct answers
 * they got and how many calls reached the service.
 */
final class HotUser {

  /** What a call to the examples' profile service takes. */
  static final Duration LATENCY = Duration.ofMillis(50);

  static final int CALLERS = 100;

  private HotUser() {}

  /**
   * Has {@value #CALLERS} threads call {@code ask} at once for {@code userId}, each waiting for its
   * answer, and prints what came of it.
   */
  static void askAtOnce(RemoteProfileClient client, long userId, Callers.Call<Profile> ask)
      throws Exception {
    long before = client.calls();
    List<Profile> answers = Callers.runConcurrently(CALLERS, ask);
    long distinct = answers.stream().distinct().count();
    System.out.printf(
        "%d threads asked for user %d at once: %d distinct answers, %d service" + " calls%n",
        CALLERS, userId, distinct, client.calls() - before);
  }
}
