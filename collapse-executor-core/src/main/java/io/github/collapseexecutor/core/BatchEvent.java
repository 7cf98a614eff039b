package io.github.collapseexecutor.core;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import org.jspecify.annotations.Nullable;

/**
 * One batch, or one shared run of same-key work, that an executor finished. Committed once its
 * callers are settled, so the event's own start time is when it finished and its own duration is
 * zero; the fields carry the times.
 */
@Name(BatchEvent.NAME)
@Label("Collapse Batch")
@Category("Collapse Executor")
@Description("A batch, or a shared run of same-key work, that a collapse executor finished")
// off unless a recording asks for it, like the JDK's own events that fire per operation
@Enabled(false)
// the batch's thread says little; leaving the stack out keeps an enabled event cheap
@StackTrace(false)
final class BatchEvent extends Event {

  static final String NAME = "io.github.collapseexecutor.Batch";

  @Label("Executor")
  @Description("The executor's name")
  @Nullable String executor;

  @Label("Kind")
  @Description("batch (a batch executor's doExecute) or same key (a shared callable)")
  @Nullable String kind;

  @Label("Size")
  @Description("How many calls it served")
  int size;

  @Label("Wait Before Start")
  @Description("Time from the first call's submission to the start of the work; 0 for same key")
  @Timespan
  long waitBeforeStart;

  @Label("Execution Time")
  @Description("Time the work took: doExecute, or the shared callable")
  @Timespan
  long executionTime;

  @Label("Outcome")
  @Description("succeeded, failed, or interrupted (same key: the waiting callers start over)")
  @Nullable String outcome;

  @Label("Failure")
  @Description("The class of the exception the whole batch failed with, if it failed")
  @Nullable Class<?> failure;
}
