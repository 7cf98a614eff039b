package io.github.collapseexecutor.testing.http;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseListener;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A listener that keeps the executor name of every report it hears, shared calls and unshared
 * requests alike: the name that meters, recent events and the log show.
 */
public final class ReportedNames implements HttpCollapseListener {

  private final List<String> names = new CopyOnWriteArrayList<>();

  /** Returns options with no name, collapsing {@code uris}, that report to this listener. */
  public HttpCollapseOptions unnamedOptions(String... uris) {
    return HttpCollapseOptions.builder().group(CollapseGroup.ofUris(uris)).listener(this).build();
  }

  /** Returns the names reported so far, one per report, in order. */
  public List<String> names() {
    return List.copyOf(names);
  }

  @Override
  public void batchCompleted(BatchReport report) {
    names.add(report.executorName());
  }

  @Override
  public void requestUnshared(String executorName, CollapseGroup group, UnsharedReason reason) {
    names.add(executorName);
  }
}
