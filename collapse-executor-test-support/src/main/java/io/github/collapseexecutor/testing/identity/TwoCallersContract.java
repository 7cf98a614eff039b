package io.github.collapseexecutor.testing.identity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The identity rule (docs/security.md), for every adapter and annotation at once: callers the
 * application could tell apart never share, and callers it could not still do. Each HTTP adapter
 * and each annotation supplies a {@link Subject}: the ways its callers can differ, and a round of
 * concurrent callers through it against a backend that answers with who it thinks the caller is.
 * A new adapter inherits every case by implementing a subject.
 */
@Timeout(120)
public abstract class TwoCallersContract {

  private static final int CALLERS = 40;
  private static final int ONE_IDENTITYS_CALLERS = 50;
  private static final int IDENTITIES = 4;

  /**
   * What the contract drives: callers of an adapter or an annotated method, each with an
   * identity carried one of the subject's ways.
   */
  public interface Subject extends AutoCloseable {

    /** Returns the names of the ways a caller's identity reaches the backend, at least one. */
    List<String> channels();

    /**
     * Runs {@code callers} callers at once, caller {@code i} with identity {@code identity(i)}
     * carried by {@code channel}, so that their calls overlap however the threads are scheduled;
     * returns each caller's answer, in order, which names the identity the backend saw.
     */
    List<String> round(int callers, String channel, IntFunction<String> identity)
        throws Exception;

    /** Returns how many times the backend ran since the last round began. */
    int runs();

    /** Stops the subject's servers or application context. */
    @Override
    void close();
  }

  private Subject subject;

  /** Creates the subject under test, started. */
  protected abstract Subject createSubject() throws Exception;

  @BeforeEach
  void start() throws Exception {
    subject = createSubject();
  }

  @AfterEach
  void stop() {
    subject.close();
  }

  @Test
  void callersOfDifferentIdentitiesNeverGetEachOthersAnswer() throws Exception {
    for (String channel : subject.channels()) {
      List<String> answers = subject.round(CALLERS, channel, TwoCallersContract::identity);

      List<String> wrong = new ArrayList<>();
      for (int i = 0; i < CALLERS; i++) {
        if (!answers.get(i).contains("[" + identity(i) + "]")) {
          wrong.add(identity(i) + " got " + answers.get(i));
        }
      }
      assertThat(wrong).as("callers through %s that got another identity's answer", channel)
          .isEmpty();
    }
  }

  @Test
  void callersOfOneIdentityStillShare() throws Exception {
    for (String channel : subject.channels()) {
      List<String> answers = subject.round(ONE_IDENTITYS_CALLERS, channel, i -> "alice");

      assertThat(answers).as(channel).allSatisfy(answer -> assertThat(answer).contains("[alice]"));
      assertThat(subject.runs()).as("backend runs for one identity through %s", channel)
          .isBetween(1, 5);
    }
  }

  private static String identity(int caller) {
    return "user" + caller % IDENTITIES;
  }
}
