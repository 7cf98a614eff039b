package io.github.collapseexecutor.testing.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The identity rule (docs/security.md), for every adapter and annotation at once: callers the
 * application could tell apart never share, and callers it could not still do. Each HTTP adapter
 * and each annotation supplies a {@link Subject}: the ways its callers can differ, and a round of
 * concurrent callers through it against a backend that answers with who it thinks the caller is.
 * A new adapter inherits every case by implementing a subject.
 *
 * <p>Two cases hold for subjects that have what they need, and are skipped for the others: callers
 * that differ only in what the application declared does not matter still share
 * ({@link Subject#ignoredChannels()}), and a caller that asks for a fresh answer never gets one
 * from a call sent before it arrived ({@link Subject#asksForFreshAnswers()}).
 */
public interface TwoCallersContract {

  /** How many callers of several identities a round sets off. */
  int CALLERS = 40;

  /** How many callers of one identity a round sets off. */
  int ONE_IDENTITYS_CALLERS = 50;

  /** How many identities the callers of a round take turns with. */
  int IDENTITIES = 4;

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
    List<String> round(int callers, String channel, IntFunction<String> identity) throws Exception;

    /** Returns how many times the backend ran since the last round began. */
    int runs();

    /**
     * Returns the names of the ways callers can differ that the application declared do not
     * change the answer (a query parameter that a policy leaves out of the key), for
     * {@link #round}: callers that differ only there still share. None by default.
     */
    default List<String> ignoredChannels() {
      return List.of();
    }

    /**
     * Returns whether a caller can ask for a fresh answer, as HTTP's
     * {@code Cache-Control: no-cache} does; false by default, and then
     * {@link #freshAfterHeld()} is not called.
     */
    default boolean asksForFreshAnswers() {
      return false;
    }

    /**
     * Starts one caller's call and holds it in the backend; once that call is there, runs a
     * second caller of the same identity that asks for a fresh answer, and lets the backend
     * answer only once the subject has placed that caller too (it leads, waits, or goes through
     * on its own), so that the first call is still in flight when it arrives. Returns both
     * answers, the first caller's first; each answer names the backend run that made it.
     */
    default List<String> freshAfterHeld() throws Exception {
      throw new UnsupportedOperationException(
          "the subject has no caller that asks for a fresh" + " answer: " + getClass().getName());
    }

    /** Stops the subject's servers or application context. */
    @Override
    void close();
  }

  /** Creates the subject under test, started; each case closes the one it made. */
  Subject createSubject() throws Exception;

  @Test
  @Timeout(120)
  default void callersOfDifferentIdentitiesNeverGetEachOthersAnswer() throws Exception {
    try (Subject subject = createSubject()) {
      for (String channel : subject.channels()) {
        List<String> answers = subject.round(CALLERS, channel, TwoCallersContract::identity);

        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < CALLERS; i++) {
          if (!answers.get(i).contains("[" + identity(i) + "]")) {
            wrong.add(identity(i) + " got " + answers.get(i));
          }
        }
        assertThat(wrong)
            .as("callers through %s that got another identity's answer", channel)
            .isEmpty();
      }
    }
  }

  @Test
  @Timeout(120)
  default void callersOfOneIdentityStillShare() throws Exception {
    try (Subject subject = createSubject()) {
      for (String channel : subject.channels()) {
        List<String> answers = subject.round(ONE_IDENTITYS_CALLERS, channel, i -> "alice");

        assertThat(answers)
            .as(channel)
            .allSatisfy(answer -> assertThat(answer).contains("[alice]"));
        assertThat(subject.runs())
            .as("backend runs for one identity through %s", channel)
            .isBetween(1, 5);
      }
    }
  }

  @Test
  @Timeout(120)
  default void callersThatDifferOnlyInWhatTheApplicationDeclaredIrrelevantStillShare()
      throws Exception {
    try (Subject subject = createSubject()) {
      assumeFalse(subject.ignoredChannels().isEmpty(), "the subject declares nothing irrelevant");
      for (String channel : subject.ignoredChannels()) {
        subject.round(ONE_IDENTITYS_CALLERS, channel, TwoCallersContract::identity);

        assertThat(subject.runs())
            .as("backend runs for callers who differ only in %s", channel)
            .isBetween(1, 5);
      }
    }
  }

  /**
   * Read after write: a call in flight may have been sent before the caller's own write, so a
   * caller that asks for a fresh answer gets a call of its own, never the one in flight.
   */
  @Test
  @Timeout(120)
  default void aCallerThatAsksForAFreshAnswerNeverJoinsTheCallInFlight() throws Exception {
    try (Subject subject = createSubject()) {
      assumeTrue(subject.asksForFreshAnswers(), "the subject's callers cannot ask for freshness");

      List<String> answers = subject.freshAfterHeld();

      assertThat(subject.runs()).as("backend runs").isEqualTo(2);
      assertThat(answers.get(1))
          .as("the answer of the caller that asked for a fresh one")
          .isNotEqualTo(answers.get(0));
    }
  }

  private static String identity(int caller) {
    return "user" + caller % IDENTITIES;
  }
}
