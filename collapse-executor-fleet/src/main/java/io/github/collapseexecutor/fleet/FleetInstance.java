package io.github.collapseexecutor.fleet;

import io.github.collapseexecutor.core.Incubating;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An instance of the fleet as the tier of one instance heard of it ({@link
 * FleetStats#instances()}).
 *
 * @param id the instance's id, random, new at each start
 * @param self whether it is the instance that reports it
 * @param keyParts the values of each key part it noted lately ({@link Fleet#noteKeyPart}), such
 *     as {@code port} and {@code Host}, by part
 * @param noneInCommon the parts of which it noted no value the reporting instance noted: calls
 *     whose keys hold such a part never share between the two
 */
@Incubating
public record FleetInstance(
    String id, boolean self, Map<String, List<String>> keyParts, List<String> noneInCommon) {

  /** Copies the parts, in the order of their names. */
  public FleetInstance {
    TreeMap<String, List<String>> sorted = new TreeMap<>();
    keyParts.forEach((part, values) -> sorted.put(part, List.copyOf(values)));
    keyParts = Collections.unmodifiableMap(sorted);
    noneInCommon = List.copyOf(noneInCommon);
  }
}
