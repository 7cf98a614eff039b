package io.github.collapseexecutor.testing.identity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Reads never go back in time (docs/security.md): a read that arrives after a write completed
 * never joins a read that started before, which may have read the state from before the write;
 * reads that arrived before the write completed still share, and so do reads when nothing was
 * written. Each server filter and each annotation supplies a {@link Subject} that reads and
 * writes a {@link HeldState} the way its users do: an HTTP {@code GET} and {@code POST}, a call of
 * a collapsed method and a committed transaction.
 */
public interface ReadsAfterWritesContract {

  /** Reads and writes of one {@link HeldState} through the adapter or annotation under test. */
  interface Subject extends AutoCloseable {

    /**
     * Starts a read of the state, as the subject's users make one, on a thread of its own;
     * returns its answer, what {@link HeldState#read()} gave the run it got.
     */
    CompletableFuture<String> read();

    /**
     * Waits, at most 30 s, until {@code reads} reads since the subject was created have their
     * place in the adapter or annotation: each leads a run, waits for one, or runs on its own.
     */
    void awaitPlaced(int reads) throws Exception;

    /**
     * Writes the state once ({@link HeldState#write()}), as the subject's users write, and
     * returns once the write is complete as its caller sees it: its response arrived, its
     * transaction committed.
     */
    void write() throws Exception;

    /** Stops the subject's servers or application context. */
    @Override
    void close();
  }

  /** Creates the subject under test over {@code state}, started; each case closes it. */
  Subject createSubject(HeldState state) throws Exception;

  @Test
  @Timeout(120)
  default void aReadThatArrivesAfterAWriteNeverJoinsAReadThatStartedBefore() throws Exception {
    HeldState state = new HeldState();
    try (Subject subject = createSubject(state)) {
      CompletableFuture<String> first = subject.read();
      assertThat(state.awaitFirstRun()).as("the first read's run started").isTrue();
      CompletableFuture<String> beforeTheWrite = subject.read();
      subject.awaitPlaced(2);

      subject.write();
      CompletableFuture<String> afterTheWrite = subject.read();
      subject.awaitPlaced(3);
      state.release();

      assertThat(afterTheWrite.get(30, TimeUnit.SECONDS))
          .as("a read that arrived after the write: a run of its own, which saw the write")
          .isEqualTo("v1 r2");
      assertThat(first.get(30, TimeUnit.SECONDS)).isEqualTo("v0 r1");
      assertThat(beforeTheWrite.get(30, TimeUnit.SECONDS))
          .as("a read that arrived while the write was under way still shares")
          .isEqualTo("v0 r1");
      assertThat(state.runs()).isEqualTo(2);
    }
  }

  @Test
  @Timeout(120)
  default void readsWithNoWriteBetweenThemStillShare() throws Exception {
    HeldState state = new HeldState();
    try (Subject subject = createSubject(state)) {
      CompletableFuture<String> first = subject.read();
      assertThat(state.awaitFirstRun()).as("the first read's run started").isTrue();
      CompletableFuture<String> second = subject.read();
      CompletableFuture<String> third = subject.read();
      subject.awaitPlaced(3);
      state.release();

      assertThat(first.get(30, TimeUnit.SECONDS)).isEqualTo("v0 r1");
      assertThat(second.get(30, TimeUnit.SECONDS)).isEqualTo("v0 r1");
      assertThat(third.get(30, TimeUnit.SECONDS)).isEqualTo("v0 r1");
      assertThat(state.runs()).isEqualTo(1);
    }
  }

  @Test
  @Timeout(120)
  default void aReadAfterWritesRunsWithoutWaitingForAnEarlierRead() throws Exception {
    HeldState state = new HeldState();
    try (Subject subject = createSubject(state)) {
      CompletableFuture<String> first = subject.read();
      assertThat(state.awaitFirstRun()).as("the first read's run started").isTrue();
      subject.awaitPlaced(1);
      subject.write();
      subject.write();
      CompletableFuture<String> after = subject.read();
      assertThat(after.get(30, TimeUnit.SECONDS)).isEqualTo("v2 r2");
      state.release();

      assertThat(first.get(30, TimeUnit.SECONDS)).isEqualTo("v0 r1");
      assertThat(state.runs()).isEqualTo(2);
    }
  }
}
