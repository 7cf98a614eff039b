package io.github.collapseexecutor.samples;

import io.github.collapseexecutor.core.BlockingCallableGroupCollapseExecutor;
import io.github.collapseexecutor.core.Bundle;
import io.github.collapseexecutor.core.CollapseExecutorBlockingSupport;
import io.github.collapseexecutor.core.Input;
import io.github.collapseexecutor.samples.Load.Result;
import io.github.collapseexecutor.samples.order.GroupCommitDemo;
import io.github.collapseexecutor.samples.web.HttpDemo;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * Shows what collapsing changes for a backend that takes 1 ms per call and serves at most 8 calls
 * at once: the same load runs with direct calls, with same-key collapse and with batch collapse,
 * and a table compares backend calls, throughput and latency, each row followed by a line that
 * says what it shows and why. {@link HttpDemo} does the same over HTTP, through the HTTP clients'
 * adapters and the servlet filter of a Spring Boot application. Then {@link GroupCommitDemo}
 * shows what group commit changes for order submissions on an embedded H2.
 */
public final class CoreDemo {

  private static final int THREADS = 200;
  private static final int ROUNDS = 5;
  private static final Duration ROUND_TIME = Duration.ofMillis(400);

  /** A backend that costs 1 ms per call, single or batch, with 8 connections. */
  static final class Backend {
    private final Semaphore connections = new Semaphore(8);
    final AtomicLong calls = new AtomicLong();

    String load(long id) throws InterruptedException {
      return loadAll(List.of(id)).get(id);
    }

    Map<Long, String> loadAll(List<Long> ids) throws InterruptedException {
      connections.acquire();
      try {
        calls.incrementAndGet();
        Thread.sleep(1);
        return ids.stream().distinct().collect(Collectors.toMap(id -> id, id -> "user-" + id));
      } finally {
        connections.release();
      }
    }
  }

  /** Turns single {@code load(id)} calls into {@code loadAll(ids)} batches. */
  static final class UserLoader
      extends CollapseExecutorBlockingSupport<Long, String, Map<Long, String>> {
    private final Backend backend;

    UserLoader(Backend backend) {
      this.backend = backend;
    }

    @Override
    protected Map<Long, String> doExecute(Collection<Input<Long>> inputs) throws Exception {
      return backend.loadAll(inputs.stream().map(Input::value).toList());
    }

    @Override
    protected void bindingOutput(Map<Long, String> users, List<Bundle<Long, String>> bundles) {
      bundles.forEach(bundle -> bundle.bindOutput(users.get(bundle.value())));
    }
  }

  public static void main(String[] args) throws Exception {
    System.out.printf(
        "collapse-executor demo: %d threads against a backend that takes 1 ms per"
            + " call with 8 connections%n%s%n%n",
        THREADS, ResultTable.roundsNote(ROUNDS, ROUND_TIME));

    Backend hot = new Backend();
    BlockingCallableGroupCollapseExecutor sameKey = new BlockingCallableGroupCollapseExecutor();
    List<Result> hotKey =
        compare(
            "direct, one hot key",
            "same-key collapse, one hot key",
            hot,
            thread -> hot.load(1),
            thread -> sameKey.execute("user:1", () -> hot.load(1)));

    Backend many = new Backend();
    try (UserLoader loader = new UserLoader(many)) {
      List<Result> manyKeys =
          compare(
              "direct, a key per thread",
              "batch collapse, a key per thread",
              many,
              thread -> many.load(thread),
              thread -> loader.execute((long) thread));
      new ResultTable(ResultTable.Columns.REQUESTS)
          .compared(
              hotKey.get(0),
              "every call is a backend call: 8 connections of 1 ms serve at"
                  + " most 8000 a second, and the other callers queue for them",
              hotKey.get(1),
              String.format(
                  "callers of the key join the backend call in flight: one call"
                      + " answers %.0f of them, who no longer queue",
                  hotKey.get(1).requestsPerCall()),
              "callers of the key join the backend call in flight, but the rounds overlap: the"
                  + " machine was too busy for the queue at the backend to decide the throughput")
          .compared(
              manyKeys.get(0),
              "every call is a backend call, and the callers queue for the"
                  + " 8 connections as above",
              manyKeys.get(1),
              String.format(
                  "the keys asked for while a batch runs go in the next one: one"
                      + " backend call loads %.0f of them",
                  manyKeys.get(1).requestsPerCall()),
              "the keys asked for while a batch runs go in the next one, but the rounds overlap:"
                  + " the machine was too busy for the queue at the backend to decide the"
                  + " throughput")
          .print();
    }
    sameKey.close();

    System.out.printf("%n%s%n%n", HttpDemo.describe());
    HttpDemo.explain(HttpDemo.run()).print();

    System.out.printf("%n");
    GroupCommitDemo.main(new String[0]);
  }

  private static List<Result> compare(
      String directName,
      String collapsingName,
      Backend backend,
      Load.Call direct,
      Load.Call collapsing)
      throws InterruptedException {
    return Load.compare(
        directName,
        collapsingName,
        THREADS,
        ROUNDS,
        ROUND_TIME,
        backend.calls::get,
        direct,
        collapsing);
  }

  private CoreDemo() {}
}
