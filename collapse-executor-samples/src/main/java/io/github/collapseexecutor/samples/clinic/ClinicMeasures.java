package io.github.collapseexecutor.samples.clinic;

import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.samples.Callers;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.springframework.cache.CacheManager;

/** Sends one clinic sets of concurrent requests or calls and counts what they cost it. */
final class ClinicMeasures {

  /** How many callers each set has. */
  static final int CALLERS = 50;

  /** What a set of calls cost: SQL statements, and page runs (chain runs of the servlet filter). */
  record Cost(long statements, long pageRuns) {}

  /**
   * What the requests of one session saw after a form redirected with a one-time message, and
   * why those that did not share did not.
   */
  record Flash(long sawMessage, long sessionChanged, long hitForPass) {}

  /**
   * Two bursts of requests for the owners list, the second once the first's page run started.
   *
   * @param fresh how many pages of the second burst show the pet added between the bursts
   */
  record Bursts(long pageRuns, long fresh) {}

  private final ClinicServer server;
  private final ClinicClient client;

  ClinicMeasures(ClinicServer server) {
    this.server = server;
    this.client = server.client();
  }

  /** Runs {@code call} on {@value #CALLERS} threads at once and returns what they cost. */
  Cost cost(Callers.Call<?> call) throws Exception {
    long statements = server.statements();
    long runs = pageRuns();
    Callers.runConcurrently(CALLERS, call);
    return new Cost(server.statements() - statements, pageRuns() - runs);
  }

  /** Sends {@code GET path} from {@value #CALLERS} browsers at once. */
  Cost pages(String path) throws Exception {
    return cost(caller -> ok(client.get(path)));
  }

  /** Calls the vets repository from {@value #CALLERS} threads at once, its cache emptied first. */
  Cost vetsOnEmptyCache() throws Exception {
    Objects.requireNonNull(server.bean(CacheManager.class).getCache("vets"), "cache vets").clear();
    return cost(caller -> server.bean(VetRepository.class).findRows());
  }

  /**
   * Adds a pet to owner {@code ownerId} through the form, then follows its redirect from
   * {@value #CALLERS} requests of the form's session at once.
   */
  Flash flash(long ownerId) throws Exception {
    Page added = client.post("/owners/" + ownerId + "/pets", Map.of("name", "Rex", "kind", "dog"));
    String cookie =
        added
            .sessionCookie()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "the form set no session cookie: " + added.headers()));
    String next = URI.create(added.header("Location").orElseThrow()).getPath();
    long changed = unshared(UnsharedReason.SESSION_CHANGED);
    long passed = unshared(UnsharedReason.HIT_FOR_PASS);
    List<Page> pages =
        Callers.runConcurrently(CALLERS, caller -> ok(client.get(next, "Cookie", cookie)));
    long saw = pages.stream().filter(page -> page.byId("message").isPresent()).count();
    return new Flash(
        saw,
        unshared(UnsharedReason.SESSION_CHANGED) - changed,
        unshared(UnsharedReason.HIT_FOR_PASS) - passed);
  }

  /**
   * Sends two bursts of {@value #CALLERS}/2 requests for the owners list, the second once the
   * first's page run has run a statement; between them, adds a pet to owner {@code ownerId} if
   * {@code write}.
   */
  Bursts bursts(boolean write, long ownerId) throws Exception {
    String pets = "pets-" + ownerId;
    int before =
        Integer.parseInt(
            ok(client.get("/owners", "Cache-Control", "no-cache")).byId(pets).orElseThrow());
    ExecutorService threads = Executors.newFixedThreadPool(CALLERS);
    try {
      long runs = pageRuns();
      long statements = server.statements();
      CountDownLatch go = new CountDownLatch(1);
      CountDownLatch thenGo = new CountDownLatch(1);
      List<Future<Page>> first = burst(threads, go);
      List<Future<Page>> second = burst(threads, thenGo);
      go.countDown();
      awaitStatementAfter(statements);
      if (write) {
        client.post("/owners/" + ownerId + "/pets", Map.of("name", "Nemo", "kind", "fish"));
      }
      thenGo.countDown();
      long fresh = 0;
      for (Future<Page> page : first) {
        ok(page.get(1, TimeUnit.MINUTES));
      }
      for (Future<Page> page : second) {
        String shown = ok(page.get(1, TimeUnit.MINUTES)).byId(pets).orElseThrow();
        fresh += Integer.parseInt(shown) == before + (write ? 1 : 0) ? 1 : 0;
      }
      return new Bursts(pageRuns() - runs, fresh);
    } finally {
      threads.shutdownNow();
    }
  }

  /** Starts half of the callers, each waiting for {@code go} to send its request. */
  private List<Future<Page>> burst(ExecutorService threads, CountDownLatch go) {
    List<Future<Page>> pages = new ArrayList<>();
    for (int i = 0; i < CALLERS / 2; i++) {
      pages.add(
          threads.submit(
              () -> {
                go.await();
                return client.get("/owners");
              }));
    }
    return pages;
  }

  private void awaitStatementAfter(long statements) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (server.statements() == statements && System.nanoTime() < deadline) {
      LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(100));
    }
  }

  private long pageRuns() {
    return server
        .filterStats()
        .map(stats -> stats.passedThrough() + stats.led() + stats.fellBack())
        .orElse(0L);
  }

  private long unshared(UnsharedReason reason) {
    return server.filterStats().map(stats -> stats.unshared(reason)).orElse(0L);
  }

  private static Page ok(Page page) {
    if (page.status() != 200) {
      throw new IllegalStateException("status " + page.status() + ": " + page.body());
    }
    return page;
  }
}
