package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.fleet.FleetStats.FleetInstance;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What this instance tells the others through Redis, and what it heard of them: the values of
 * the key parts it noted ({@link io.github.collapseexecutor.fleet.Fleet#noteKeyPart}), the last
 * {@value #VALUES_PER_PART} of each, and how many calls of each instance it took the result of.
 * Once per probe interval the probe stores that for three intervals and reads what every other
 * instance stored ({@link Scripts#INSTANCES}): so this instance learns how many of its calls the
 * others took, and warns once per instance and part when another instance noted no value of a
 * part that this one noted too, since then their keys never match and they never share a call.
 * What Redis holds here is read as written by anyone: ids, parts and values are kept to a few
 * printable characters.
 */
final class FleetInstances {

  private static final System.Logger LOG = System.getLogger(FleetCoordinator.class.getName());

  /** How many values of one part an instance tells, the latest it noted. */
  static final int VALUES_PER_PART = 4;

  /** How many parts an instance tells, and reads of another. */
  private static final int PARTS = 8;

  private static final int MAX_TEXT = 100;

  private final String name;
  private final String prefix;
  private final String self;
  private final Map<String, Set<String>> parts = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> joinedFrom = new ConcurrentHashMap<>();

  /** The count of this instance's calls each other instance said it joined, as last read. */
  private final Map<String, Long> reportedBy = new ConcurrentHashMap<>();

  private final LongAdder othersJoined = new LongAdder();
  private final Set<String> warned = ConcurrentHashMap.newKeySet();
  private volatile List<FleetInstance> seen = List.of();

  FleetInstances(String name, String prefix, String self) {
    this.name = name;
    this.prefix = prefix;
    this.self = self;
  }

  /** Returns this instance's id. */
  String self() {
    return self;
  }

  /** Notes that keys of this instance hold {@code value} as {@code part}. */
  void note(String part, String value) {
    Set<String> values = parts.get(part);
    if (values == null) {
      if (parts.size() >= PARTS) {
        return;
      }
      values = parts.computeIfAbsent(printable(part), noted -> new LinkedHashSet<>());
    }
    String clean = printable(value);
    synchronized (values) {
      // the latest last: a value noted again moves to the end
      if (values.remove(clean) || values.size() < VALUES_PER_PART) {
        values.add(clean);
      } else {
        values.remove(values.iterator().next());
        values.add(clean);
      }
    }
  }

  /** Counts a result this instance took of the call of the instance {@code holder} names. */
  void joined(String holder) {
    int dot = holder.indexOf('.');
    if (dot > 0) {
      joinedFrom.computeIfAbsent(holder.substring(0, dot), id -> new LongAdder()).increment();
    }
  }

  /** Returns the calls this instance led that others took the result of, as they said. */
  long othersJoined() {
    return othersJoined.sum();
  }

  /** Returns the instances heard of at the last probe, this one first. */
  List<FleetInstance> seen() {
    return seen;
  }

  /**
   * Returns what this instance tells the others: a line per part ({@code part port 8080}) and per
   * instance whose calls it joined ({@code joined <id> <count>}).
   */
  String text() {
    StringBuilder text = new StringBuilder();
    parts.forEach(
        (part, values) -> {
          text.append("part ").append(part);
          synchronized (values) {
            values.forEach(value -> text.append(' ').append(value));
          }
          text.append('\n');
        });
    joinedFrom.forEach(
        (id, count) ->
            text.append("joined ").append(id).append(' ').append(count.sum()).append('\n'));
    return text.toString();
  }

  /** Reads what {@link Scripts#INSTANCES} returned: ids and texts, in turn. */
  void read(List<Object> reply) {
    Map<String, Set<String>> mine = parts(text());
    List<FleetInstance> heard = new ArrayList<>();
    heard.add(new FleetInstance(self, true, lists(mine), List.of()));
    Set<String> ids = new LinkedHashSet<>();
    for (int i = 0; i + 1 < reply.size(); i += 2) {
      String id = new String((byte[]) reply.get(i), StandardCharsets.US_ASCII);
      if (id.equals(self) || !ids.add(id)) {
        continue;
      }
      String text = new String((byte[]) reply.get(i + 1), StandardCharsets.UTF_8);
      Map<String, Set<String>> theirs = parts(text);
      List<String> apart = new ArrayList<>();
      theirs.forEach(
          (part, values) -> {
            Set<String> ours = mine.get(part);
            if (ours != null && Collections.disjoint(ours, values)) {
              apart.add(part);
              warnOnce(id, part, ours, values);
            }
          });
      heard.add(new FleetInstance(printable(id), false, lists(theirs), apart));
      countJoinsOfMine(id, text);
    }
    reportedBy.keySet().retainAll(ids);
    joinedFrom.keySet().retainAll(ids);
    seen = List.copyOf(heard);
  }

  /**
   * Adds to {@link #othersJoined()} what instance {@code id} joined of this one's calls since it
   * last said: its count only grows, unless it started again under the same id.
   */
  private void countJoinsOfMine(String id, String text) {
    for (String line : text.split("\n", 2 * PARTS + 64)) {
      String[] words = line.split(" ", 3);
      if (words.length == 3 && words[0].equals("joined") && words[1].equals(self)) {
        try {
          long count = Long.parseLong(words[2]);
          Long before = reportedBy.put(id, count);
          othersJoined.add(before == null || count < before ? count : count - before);
        } catch (NumberFormatException ignored) {
          // not a count this tier wrote: nothing to add
        }
      }
    }
  }

  private void warnOnce(String id, String part, Set<String> ours, Set<String> theirs) {
    if (warned.add(id + ' ' + part)) {
      LOG.log(
          Level.WARNING,
          "{0}: instance {1} of key prefix {2} has no {3} in common with this one ({4} there, {5}"
              + " here): a call whose key holds the {3} never shares between them. Run the"
              + " instances alike: one port, behind one host name.",
          name,
          printable(id),
          prefix,
          part,
          theirs,
          ours);
    }
  }

  /** Returns the parts of a text {@link #text()} wrote, at most {@link #PARTS} of them. */
  private static Map<String, Set<String>> parts(String text) {
    Map<String, Set<String>> parts = new TreeMap<>();
    for (String line : text.split("\n", 2 * PARTS + 64)) {
      String[] words = line.split(" ", VALUES_PER_PART + 3);
      if (words.length >= 3
          && words[0].equals("part")
          && (parts.size() < PARTS || parts.containsKey(words[1]))) {
        Set<String> values =
            parts.computeIfAbsent(printable(words[1]), part -> new LinkedHashSet<>());
        for (int i = 2; i < words.length && values.size() < VALUES_PER_PART; i++) {
          values.add(printable(words[i]));
        }
      }
    }
    return parts;
  }

  private static Map<String, List<String>> lists(Map<String, Set<String>> parts) {
    Map<String, List<String>> lists = new TreeMap<>();
    parts.forEach((part, values) -> lists.put(part, List.copyOf(values)));
    return lists;
  }

  /** Returns {@code text} in printable ASCII without spaces, {@value #MAX_TEXT} chars at most. */
  private static String printable(String text) {
    StringBuilder clean = new StringBuilder(Math.min(text.length(), MAX_TEXT));
    for (int i = 0; i < text.length() && clean.length() < MAX_TEXT; i++) {
      char c = text.charAt(i);
      clean.append(c > ' ' && c < 127 ? c : '?');
    }
    return clean.toString();
  }
}
