package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * One round of concurrent identical calls split across two instances, while the backend holds the
 * first: it opens once every caller waits for another instance or calls the backend itself, so
 * the count of backend calls says how many the instances made, whatever the timing.
 */
final class GatedRound {

  private GatedRound() {}

  /**
   * Makes {@code count} calls for {@code path}, alternately on {@code a} and {@code b}, checks
   * every answer and returns how many backend calls they made: 1 where the instances coordinate,
   * 2 where each collapses only its own.
   */
  static int run(
      ExecutorService callers, FleetCoordinator a, FleetCoordinator b, String path, int count)
      throws Exception {
    GatedBackend backend = new GatedBackend();
    int watchingBefore = a.watching() + b.watching();
    List<Future<String>> answers = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      FleetCoordinator instance = i % 2 == 0 ? a : b;
      answers.add(
          callers.submit(
              () ->
                  instance.call(
                      FleetKey.of("GET", path), FleetCodec.utf8(), () -> backend.call(path))));
    }
    awaitTrue(
        () -> a.watching() + b.watching() - watchingBefore + backend.calls() == count,
        "every caller to wait or call",
        30);
    backend.open();
    for (Future<String> answer : answers) {
      assertThat(answer.get(30, TimeUnit.SECONDS)).isEqualTo("answer to " + path);
    }
    return backend.calls(path);
  }
}
