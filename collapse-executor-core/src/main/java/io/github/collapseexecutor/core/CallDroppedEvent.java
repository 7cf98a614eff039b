package io.github.collapseexecutor.core;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import org.jspecify.annotations.Nullable;

/**
 * A call that an executor did not serve: refused at submission, or given up by its caller at its
 * timeout. Recorded with the stack trace of the caller's thread, which says who it was.
 */
@Name(CallDroppedEvent.NAME)
@Label("Collapse Call Dropped")
@Category("Collapse Executor")
@Description("A call a collapse executor rejected, or whose caller stopped waiting at its timeout")
@Enabled(false)
final class CallDroppedEvent extends Event {

  static final String NAME = "io.github.collapseexecutor.CallDropped";

  @Label("Executor")
  @Description("The executor's name")
  @Nullable String executor;

  @Label("Reason")
  @Description("rejected (too many inputs pending) or timed out")
  @Nullable String reason;
}
