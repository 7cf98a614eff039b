package io.github.collapseexecutor.samples.lines;

import io.github.collapseexecutor.spring.annotation.CollapseBatch;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** One method collapsed by equal arguments, one by batch; each counts its runs. */
public class Greetings {

  private final AtomicInteger greetingRuns = new AtomicInteger();
  private final AtomicInteger batches = new AtomicInteger();

  /** Greets {@code name}; concurrent callers with the same name share one run. */
  @Collapsible
  public String greet(String name) {
    greetingRuns.incrementAndGet();
    return "hello " + name;
  }

  /** The length of {@code word}; concurrent callers share one call of {@link #lengths}. */
  @CollapseBatch(batchMethod = "lengths")
  public Integer length(String word) {
    return lengths(List.of(word)).get(word);
  }

  /** The length of each of {@code words}, in one batch. */
  public Map<String, Integer> lengths(List<String> words) {
    batches.incrementAndGet();
    Map<String, Integer> lengths = new LinkedHashMap<>();
    words.forEach(word -> lengths.put(word, word.length()));
    return lengths;
  }

  int greetingRuns() {
    return greetingRuns.get();
  }

  int batches() {
    return batches.get();
  }
}
