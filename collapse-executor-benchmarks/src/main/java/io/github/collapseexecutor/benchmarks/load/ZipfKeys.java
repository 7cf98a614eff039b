package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

/**
 * The keys of the scale-out cases: a query parameter {@code key} from 1 to {@code keys}, drawn
 * from a Zipf law, the shape of the popularity of pages, products or users: key {@code k} is
 * asked for {@code 1 / k^exponent} as often as key 1. With 100 keys and exponent 1, key 1 takes
 * 19% of the requests, keys 1 to 10 take 56%, and keys 51 to 100 take 13%, each of them once in
 * 260 to 520 requests: a few hot keys that many users ask for at once, and cold ones that rarely
 * meet another request for themselves.
 */
final class ZipfKeys {

  /** The query parameter that carries the key; it is in the collapse key of the default policy. */
  static final String PARAMETER = "key";

  private final double exponent;

  /** {@code cumulative[k - 1]}: the share of the requests that ask for key 1 to key {@code k}. */
  private final double[] cumulative;

  ZipfKeys(int keys, double exponent) {
    if (keys < 1) {
      throw new IllegalArgumentException("keys must be positive: " + keys);
    }
    if (!(exponent >= 0)) {
      throw new IllegalArgumentException("exponent must be at least 0: " + exponent);
    }
    this.exponent = exponent;
    this.cumulative = new double[keys];
    double total = 0;
    for (int k = 1; k <= keys; k++) {
      total += weight(k);
    }
    double sum = 0;
    for (int k = 1; k <= keys; k++) {
      sum += weight(k) / total;
      cumulative[k - 1] = sum;
    }
    // rounding must not leave a draw of almost 1 without a key
    cumulative[keys - 1] = 1;
  }

  /** Returns the share of the requests that ask for key {@code k}. */
  double share(int k) {
    return cumulative[k - 1] - (k == 1 ? 0 : cumulative[k - 2]);
  }

  /** Returns the key that a uniform draw {@code u} in [0, 1) stands for. */
  int key(double u) {
    int index = Arrays.binarySearch(cumulative, u);
    return (index >= 0 ? index : -index - 1) + 1;
  }

  /** Returns {@code url} with a key drawn at random as its query. */
  URI next(URI url) {
    return url.resolve(
        url.getRawPath() + "?" + PARAMETER + "=" + key(ThreadLocalRandom.current().nextDouble()));
  }

  /**
   * Writes a wrk script into {@code file} that draws its requests' keys from this law: each
   * request is {@code GET} of the path on wrk's command line with {@code ?key=k}.
   */
  Path writeWrkScript(Path file) throws IOException {
    String table =
        Arrays.stream(cumulative)
            .mapToObj(share -> String.format(Locale.ROOT, "%.17g", share))
            .collect(Collectors.joining(", "));
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.writeString(
        file,
        String.join(
            "\n",
            "-- written by the load harness: GET <path>?" + PARAMETER + "=k, k from a Zipf law",
            "local cumulative = {" + table + "}",
            "local threads = 0",
            "",
            "function setup(thread)",
            "  threads = threads + 1",
            "  thread:set(\"seed\", threads)",
            "end",
            "",
            "function init(args)",
            "  -- each thread its own sequence: threads that drew the same keys would collapse more",
            "  math.randomseed(os.time() + 7919 * seed)",
            "end",
            "",
            "function request()",
            "  local u = math.random()",
            "  local low, high = 1, #cumulative",
            "  while low < high do",
            "    local middle = math.floor((low + high) / 2)",
            "    if cumulative[middle] < u then low = middle + 1 else high = middle end",
            "  end",
            "  return wrk.format(\"GET\", wrk.path .. \"?" + PARAMETER + "=\" .. low)",
            "end",
            ""));
    return file;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%d keys, Zipf exponent %.1f", cumulative.length, exponent);
  }

  private double weight(int k) {
    return 1 / Math.pow(k, exponent);
  }
}
