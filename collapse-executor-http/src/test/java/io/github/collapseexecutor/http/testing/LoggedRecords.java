package io.github.collapseexecutor.http.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * What the library logs through {@code System.Logger} under one class's name, which reaches
 * {@code java.util.logging} when no other logging backend is installed, as in these tests.
 */
public final class LoggedRecords implements AutoCloseable {

  private final Logger logger;
  private final Level levelBefore;
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final Handler handler = new Handler() {
    @Override
    public void publish(LogRecord record) {
      records.add(record);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };

  private LoggedRecords(Class<?> source) {
    this.logger = Logger.getLogger(source.getName());
    // an application started earlier in this JVM may have left the root level at WARN
    // (logging.level.root, propagated to java.util.logging), which would drop INFO records
    this.levelBefore = logger.getLevel();
    logger.setLevel(Level.INFO);
    logger.addHandler(handler);
  }

  /** Starts keeping what is logged under the name of {@code source}, until closed. */
  public static LoggedRecords of(Class<?> source) {
    return new LoggedRecords(source);
  }

  /** Returns what was logged so far, in order. */
  public List<LogRecord> records() {
    return List.copyOf(records);
  }

  @Override
  public void close() {
    logger.removeHandler(handler);
    logger.setLevel(levelBefore);
  }
}
