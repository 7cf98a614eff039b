package io.github.collapseexecutor.testing.annotation;

import io.github.collapseexecutor.spring.annotation.Collapsible;
import java.io.IOException;

/**
 * A bean of {@code @Collapsible} methods that answer with the id they were given, each run
 * counted and the first one held in the {@link Crowd} of {@link HeldService}.
 */
public class ProfileService extends HeldService {

  /** Returns {@code "profile <id>"}. */
  @Collapsible
  public String profile(int id) {
    enter();
    return "profile " + id;
  }

  /** {@link #profile}, keyed on the id alone: callers that differ by request id share a run. */
  @Collapsible(key = "#p0")
  public String tagged(int id, String requestId) {
    return profile(id);
  }

  /** Runs, then throws an {@link IOException} whose message is {@code "down"}. */
  @Collapsible
  public String failing(int id) throws IOException {
    enter();
    throw new IOException("down");
  }

  /** Calls {@link #profile} from inside the bean, past its proxy: no collapse. */
  public String selfCall(int id) {
    return profile(id);
  }
}
