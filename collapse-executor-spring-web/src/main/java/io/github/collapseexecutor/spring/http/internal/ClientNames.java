package io.github.collapseexecutor.spring.http.internal;

import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The client names of a client adapter and its partitions, which share one set of them: the
 * adapter itself is the client named after its executor, the same on every instance, and a
 * partition has the name it is given, or none. No two have one name, since requests of two
 * clients could then share calls across instances.
 *
 * <p>Public for the adapters in this module's other packages; its package is not exported.
 */
public final class ClientNames {

  private ClientNames() {}

  /**
   * Returns the client name of a new adapter or partition, having added it to {@code names}, the
   * set of its family: its executor's name for the first, else {@code clientName}.
   *
   * @throws IllegalArgumentException if another of the family has the name
   */
  public static @Nullable String claim(
      Set<String> names, String executorName, @Nullable String clientName) {
    String claimed = names.isEmpty() ? executorName : clientName;
    if (claimed != null && !names.add(claimed)) {
      throw new IllegalArgumentException(
          "a partition named '"
              + claimed
              + "' exists already: each client needs a name of its own");
    }
    return claimed;
  }
}
