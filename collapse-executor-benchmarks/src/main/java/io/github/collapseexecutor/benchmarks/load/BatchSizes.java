package io.github.collapseexecutor.benchmarks.load;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Counts the requests served by shared calls of each size, from the library's
 * {@link CollapseListener} SPI, in power-of-two buckets: 1, 2-3, 4-7, ... A request served by a
 * call it shared with 9 others counts in the bucket 8-15.
 */
final class BatchSizes implements CollapseListener {

  /** Buckets up to 1024 and more; the HTTP adapters' sizes stay below that at 400 users. */
  static final int BUCKETS = 11;

  private final AtomicLongArray requests = new AtomicLongArray(BUCKETS);
  private final AtomicLongArray calls = new AtomicLongArray(BUCKETS);

  @Override
  public void batchCompleted(BatchReport report) {
    int size = report.size();
    int bucket = Math.min(BUCKETS - 1, 31 - Integer.numberOfLeadingZeros(Math.max(1, size)));
    requests.addAndGet(bucket, size);
    calls.incrementAndGet(bucket);
  }

  /** Forgets what was counted, so that a warm-up does not count. */
  void reset() {
    for (int i = 0; i < BUCKETS; i++) {
      requests.set(i, 0);
      calls.set(i, 0);
    }
  }

  /** Returns the label of each bucket: {@code 1}, {@code 2-3}, ..., {@code 1024+}. */
  static List<String> labels() {
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < BUCKETS; i++) {
      int low = 1 << i;
      labels.add(i == 0 ? "1" : i == BUCKETS - 1 ? low + "+" : low + "-" + (2 * low - 1));
    }
    return labels;
  }

  /** Returns the share of requests, in percent, served by calls of each bucket's size. */
  List<Double> requestShares() {
    long total = 0;
    for (int i = 0; i < BUCKETS; i++) {
      total += requests.get(i);
    }
    List<Double> shares = new ArrayList<>();
    for (int i = 0; i < BUCKETS; i++) {
      shares.add(total == 0 ? 0.0 : 100.0 * requests.get(i) / total);
    }
    return shares;
  }

  /** Returns the requests per shared call, on average. */
  double meanSize() {
    long total = 0;
    long count = 0;
    for (int i = 0; i < BUCKETS; i++) {
      total += requests.get(i);
      count += calls.get(i);
    }
    return count == 0 ? 0 : (double) total / count;
  }
}
