package io.github.collapseexecutor.testing.http;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;

/**
 * Closed-loop readers of {@link ServerAcrossInstancesCases}: {@code perInstance} on each address,
 * each sending the GET of {@link QuoteCallers} to the instances' port again as soon as the last
 * one is answered, and noting when each read started and ended and whether it failed (anything
 * but a 200).
 */
final class SteadyReads implements AutoCloseable {

  /**
   * One read.
   *
   * @param address the instance's address it was sent to
   * @param startNanos when it was sent, {@link System#nanoTime}
   * @param endNanos when it was answered or failed
   * @param failure why it failed, or null
   */
  record Read(String address, long startNanos, long endNanos, @Nullable String failure) {

    /** Returns whether it was in flight at some moment from {@code from} to {@code to}. */
    boolean inFlightBetween(long from, long to) {
      return startNanos - to < 0 && endNanos - from > 0;
    }

    /** Returns how long it took. */
    long millis() {
      return TimeUnit.NANOSECONDS.toMillis(endNanos - startNanos);
    }
  }

  private final ConcurrentLinkedQueue<Read> reads = new ConcurrentLinkedQueue<>();
  private final ExecutorService readers;
  private final List<String> addresses;
  private volatile boolean reading = true;

  /** Starts {@code perInstance} readers on each of {@code addresses}, at {@code port}. */
  SteadyReads(List<String> addresses, int port, int perInstance) {
    this.addresses = List.copyOf(addresses);
    this.readers = Executors.newFixedThreadPool(perInstance * addresses.size());
    for (String address : addresses) {
      for (int i = 0; i < perInstance; i++) {
        readers.execute(() -> readUntilStopped(address, port));
      }
    }
  }

  private void readUntilStopped(String address, int port) {
    while (reading) {
      long start = System.nanoTime();
      String failure;
      try {
        String answer =
            RawHttp.exchange(address, port, QuoteCallers.request("Bearer token-of-alice-123"));
        failure =
            answer.startsWith("HTTP/1.1 200")
                ? null
                : answer.substring(0, Math.max(0, answer.indexOf('\r')));
      } catch (IOException | RuntimeException e) {
        failure = e.toString();
      }
      reads.add(new Read(address, start, System.nanoTime(), failure));
    }
  }

  /** Waits, at most 30 s, until each instance answered {@code n} more reads than it had. */
  void awaitEach(int n) {
    List<Long> before = addresses.stream().map(this::answered).toList();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    for (int i = 0; i < addresses.size(); i++) {
      while (answered(addresses.get(i)) < before.get(i) + n) {
        if (System.nanoTime() - deadline > 0) {
          throw new IllegalStateException(
              "waited 30 s for " + n + " reads answered by " + addresses.get(i));
        }
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
      }
    }
  }

  private long answered(String address) {
    return reads.stream().filter(read -> read.address().equals(address)).count();
  }

  /** Stops the readers, at most 30 s after the reads in flight end; returns every read. */
  List<Read> stop() throws InterruptedException {
    reading = false;
    readers.shutdown();
    if (!readers.awaitTermination(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException("reads still in flight 30 s after the readers stopped");
    }
    return new ArrayList<>(reads);
  }

  @Override
  public void close() {
    reading = false;
    readers.shutdownNow();
  }
}
