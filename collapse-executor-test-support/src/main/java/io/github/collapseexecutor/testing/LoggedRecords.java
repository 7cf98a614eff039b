package io.github.collapseexecutor.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * What the library logs through {@code System.Logger} under one class's name, which reaches
 * {@code java.util.logging} when no other logging backend is installed, as in these tests.
 *
 * <p>The logger's level is opened for as long as records are kept: a Spring Boot application
 * started earlier in the same JVM (with Logback and its level propagation to
 * {@code java.util.logging}) may have left the root at {@code WARNING}, and an INFO record would
 * then never reach the handler.
 */
public final class LoggedRecords implements AutoCloseable {

  private final Logger logger;
  private final Level levelBefore;
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

  private LoggedRecords(Class<?> source) {
    this.logger = Logger.getLogger(source.getName());
    this.levelBefore = logger.getLevel();
    logger.setLevel(Level.ALL);
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
