package io.github.collapseexecutor.testing.http;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * The routes of {@link SessionChangesContract}, as each server's test application serves them
 * over its own session API ({@link Session}), and a gate that holds the first run of each round
 * until every request of the round has its place in the filter.
 */
public final class SessionRoutes {

  /** Starts a session and leaves a one-time message in it; in no collapse group. */
  public static final String START = "/start";

  /** Shows the one-time message and removes it, as a flash attribute is read once. */
  public static final String MESSAGE = "/session/message";

  /** Counts the requests of the session, setting the count again each time. */
  public static final String COUNT = "/session/count";

  /** Shows the message and changes nothing. */
  public static final String LOOK = "/session/look";

  /** The collapse group's patterns: every route but {@link #START}. */
  public static final String GROUP = "/session/*";

  private static final String MESSAGE_ATTRIBUTE = "message";
  private static final String COUNT_ATTRIBUTE = "count";

  /** A session as a route reads and changes it. */
  public interface Session {

    @Nullable Object get(String name);

    void set(String name, Object value);

    void remove(String name);
  }

  private final AtomicInteger runs = new AtomicInteger();
  private volatile AtomicBoolean held = new AtomicBoolean();
  private volatile CountDownLatch open = new CountDownLatch(0);

  /** Starts a round: the next run is held until {@link #open()}. */
  public void newRound() {
    runs.set(0);
    open = new CountDownLatch(1);
    held = new AtomicBoolean();
  }

  /** Lets the held run of the round answer. */
  public void open() {
    open.countDown();
  }

  /** Returns how many runs of the routes the round made. */
  public int runs() {
    return runs.get();
  }

  /**
   * Answers a request for {@code path} over its {@code session}: the first run of a round waits,
   * at most 30 s, until the round is opened. Call it on a thread that may block.
   */
  public String answer(String path, Session session) {
    runs.incrementAndGet();
    if (!path.equals(START) && held.compareAndSet(false, true)) {
      try {
        open.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    switch (path) {
      case START -> {
        session.set(MESSAGE_ATTRIBUTE, "hello");
        return "started";
      }
      case MESSAGE -> {
        Object message = session.get(MESSAGE_ATTRIBUTE);
        if (message != null) {
          session.remove(MESSAGE_ATTRIBUTE);
        }
        return message == null ? "no message" : "message: " + message;
      }
      case COUNT -> {
        Object known = session.get(COUNT_ATTRIBUTE);
        AtomicInteger count =
            known instanceof AtomicInteger counter ? counter : new AtomicInteger();
        int now = count.incrementAndGet();
        session.set(COUNT_ATTRIBUTE, count);
        return "count " + now;
      }
      case LOOK -> {
        Object message = session.get(MESSAGE_ATTRIBUTE);
        return message == null ? "no message" : "message: " + message;
      }
      default -> throw new IllegalArgumentException("no route " + path);
    }
  }
}
