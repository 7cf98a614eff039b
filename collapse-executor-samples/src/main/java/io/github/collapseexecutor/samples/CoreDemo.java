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
  private static final Duration RUN_TIME = Duration.ofSeconds(2);

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
    System.out.printf("collapse-executor demo: %d threads for %d s each against a backend that"
        + " takes 1 ms per call with 8 connections%n%n", THREADS, RUN_TIME.toSeconds());

    Backend direct = new Backend();
    Result directHot = run("direct, one hot key", direct, thread -> direct.load(1));

    Backend sameKeyBackend = new Backend();
    BlockingCallableGroupCollapseExecutor sameKey = new BlockingCallableGroupCollapseExecutor();
    Result sameKeyHot = run("same-key collapse, one hot key", sameKeyBackend,
        thread -> sameKey.execute("user:1", () -> sameKeyBackend.load(1)));

    Backend directManyBackend = new Backend();
    Result directMany = run("direct, a key per thread", directManyBackend,
        thread -> directManyBackend.load(thread));

    Backend batchBackend = new Backend();
    try (UserLoader loader = new UserLoader(batchBackend)) {
      Result batched = run("batch collapse, a key per thread", batchBackend,
          thread -> loader.execute((long) thread));
      new ResultTable(ResultTable.Columns.REQUESTS)
          .row(directHot, "every call is a backend call: 8 connections of 1 ms serve at most"
              + " 8000 a second, and the other callers queue for them")
          .row(sameKeyHot, String.format("callers of the key join the backend call in flight:"
              + " one call answers %.0f of them, who no longer queue",
              sameKeyHot.requestsPerCall()))
          .row(directMany, "every call is a backend call, and the callers queue for the 8"
              + " connections as above")
          .row(batched, String.format("the keys asked for while a batch runs go in the next one:"
              + " one backend call loads %.0f of them", batched.requestsPerCall()))
          .print();
      System.out.printf("%nsame-key collapse: %.1fx the throughput with %.1f%% of the backend calls%n",
          sameKeyHot.throughput() / directHot.throughput(),
          100.0 * sameKeyHot.perThousand() / directHot.perThousand());
      System.out.printf("batch collapse:    %.1fx the throughput with %.1f%% of the backend calls%n",
          batched.throughput() / directMany.throughput(),
          100.0 * batched.perThousand() / directMany.perThousand());
    }
    sameKey.close();

    System.out.printf("%n%s%n%n", HttpDemo.describe());
    HttpDemo.explain(HttpDemo.run()).print();

    System.out.printf("%n");
    GroupCommitDemo.main(new String[0]);
  }

  private static Result run(String name, Backend backend, Load.Call call)
      throws InterruptedException {
    return Load.run(name, THREADS, RUN_TIME, backend.calls::get, call);
  }

  private CoreDemo() {}
}
