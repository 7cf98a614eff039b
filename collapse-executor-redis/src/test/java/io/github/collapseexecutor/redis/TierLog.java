package io.github.collapseexecutor.redis;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** What the coordinators log while it is open, as java.util.logging hands it on. */
final class TierLog implements AutoCloseable {

  private final Logger log = Logger.getLogger(FleetCoordinator.class.getName());
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final Handler handler =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          records.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  TierLog() {
    log.addHandler(handler);
  }

  /** Returns the records logged at {@code level}, their message formatted. */
  List<String> at(Level level) {
    return records.stream()
        .filter(record -> record.getLevel() == level)
        .map(TierLog::formatted)
        .toList();
  }

  /**
   * Waits, at most 10 s, until a record at {@code level} contains {@code text}, then returns the
   * records at {@code level}. The tier logs after it turns its state, on the thread that turned
   * it, so a test that saw the state may not see the line yet.
   */
  List<String> awaitAt(Level level, String text) {
    TestRedis.awaitTrue(
        () -> at(level).stream().anyMatch(line -> line.contains(text)),
        "a " + level + " line with '" + text + "'");
    return at(level);
  }

  /** Returns the level of every record, in order. */
  List<Level> levels() {
    return records.stream().map(LogRecord::getLevel).toList();
  }

  /** Forgets what was logged so far. */
  void clear() {
    records.clear();
  }

  private static String formatted(LogRecord record) {
    String text = record.getMessage();
    Object[] parameters = record.getParameters();
    for (int i = 0; parameters != null && i < parameters.length; i++) {
      text = text.replace("{" + i + "}", String.valueOf(parameters[i]));
    }
    return text;
  }

  @Override
  public void close() {
    log.removeHandler(handler);
  }
}
