package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.Incubating;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;

/**
 * Where a server adapter reports the response of the request that runs the chain for the others
 * ({@link ServerExchange#record}): the adapter holds its body back, up to
 * {@link #maxBodyBytes()}, and then tells the recording either that the whole response was
 * {@link #recorded}, or that it was {@link #notRecorded} and why. The first of those calls ends
 * the turn: the waiting requests are answered from it at once, and later calls do nothing.
 *
 * <pre>{@code
 * RecordingServletResponse recorder = new RecordingServletResponse(response, recording);
 * chain.doFilter(request, recorder);
 * if (recorder.wentThrough()) {
 *   recording.notRecorded(UnsharedReason.TOO_LARGE);
 * } else {
 *   recording.recorded(recorder.getStatus(), recorder.headers(), recorder.heldBody(), null);
 * }
 * }</pre>
 *
 * <p>Thread-safe: a stream's content type may be reported from any thread of the chain.
 */
@Incubating
public final class ResponseRecording {

  private final Target target;

  /** What stops the chain once the turn ends, after this request left; null until then. */
  private final AtomicReference<@Nullable Runnable> stopAtEnd = new AtomicReference<>();

  /** Why the response must not be shared, whatever it turns out to be; null while it may. */
  private final AtomicReference<@Nullable UnsharedReason> unshareable = new AtomicReference<>();

  ResponseRecording(Target target) {
    this.target = target;
  }

  /**
   * Returns the largest body that may be held back to share: a response with more goes straight
   * to its client, and is {@link #notRecorded} as {@link UnsharedReason#TOO_LARGE}.
   */
  public int maxBodyBytes() {
    return target.maxBodyBytes();
  }

  /**
   * Returns whether {@code contentType}, a {@code Content-Type} value or {@code null}, is a
   * stream's (server-sent events, NDJSON and the like). A stream is never held back: from the
   * moment the chain gives the response such a content type, the adapter writes it straight
   * through, each event as the chain flushes it, and reports it {@link #notRecorded} as
   * {@link UnsharedReason#STREAM} at once, so that the waiting requests do not wait for a stream
   * that may never end.
   */
  public boolean isStream(@Nullable String contentType) {
    return StreamTypes.isStream(contentType);
  }

  /**
   * Reports that the whole response was recorded: the waiting requests get it, unless the sharing
   * rules refuse it for its headers ({@code Set-Cookie}, say), in which case they run the chain
   * themselves.
   *
   * @param status the status code
   * @param headers the headers a replay writes, in order, one entry per value
   * @param body the whole body; the collapser keeps this array and never writes to it
   * @param detail what else a replay needs ({@link SharedResponse#detail()}): what the chain
   *     produced ({@link ProducedResponse}), or {@code null}
   */
  public void recorded(
      int status,
      List<Map.Entry<String, @Nullable String>> headers,
      byte[] body,
      @Nullable Object detail) {
    ClientDriver.Head head = new ClientDriver.Head(status, null, headers, detail);
    Objects.requireNonNull(body, "body");
    UnsharedReason refusal = unshareable.get();
    if (refusal == null) {
      refusal = target.refusal(head.headers());
    }
    if (refusal == null) {
      target.share(head, body);
    } else {
      target.refuse(refusal);
    }
    stopIfLeft();
  }

  /**
   * Marks the response as one that must not be shared, whatever it turns out to be: the chain did
   * something for this request that a replay would not do for another, such as changing its
   * session ({@link UnsharedReason#SESSION_CHANGED}). The turn still ends when the adapter
   * reports the response: {@link #recorded} then refuses it for {@code reason}, and the waiting
   * requests run the chain themselves. The first reason given stands; later ones do nothing.
   */
  public void unshareable(UnsharedReason reason) {
    unshareable.compareAndSet(null, Objects.requireNonNull(reason, "reason"));
  }

  /**
   * Reports that the response went straight to its client and cannot be shared: the waiting
   * requests run the chain themselves, and, unless the reason is
   * {@link UnsharedReason#LEADER_FAILED}, the next identical requests do so at once for a while
   * (hit-for-pass).
   */
  public void notRecorded(UnsharedReason reason) {
    target.refuse(Objects.requireNonNull(reason, "reason"));
    stopIfLeft();
  }

  /**
   * Leaves the call: the request that runs the chain ended on its own while the chain runs (its
   * client went away, a deadline of its own passed). That ends this request alone: the chain goes
   * on for the requests that wait for it, and what it produces is recorded and shared with them as
   * if this request were still there; a write to this request's own client that then fails, fails
   * for it alone and is never reported here. {@code stop} runs once nobody is left to wait for
   * the chain: when the turn ends ({@link #recorded}, {@link #notRecorded}), at once if it has
   * ended already, or when the last waiting request leaves before.
   */
  public void leave(Runnable stop) {
    stopAtEnd.set(Objects.requireNonNull(stop, "stop"));
    if (target.leave(stop)) {
      // the turn has ended: what the chain still does is this request's own, and it is gone
      stopIfLeft();
    }
  }

  private void stopIfLeft() {
    Runnable stop = stopAtEnd.getAndSet(null);
    if (stop != null) {
      stop.run();
    }
  }

  /** Ends the turn if the adapter did not: the chain ended without a recording. */
  void end() {
    target.refuse(UnsharedReason.LEADER_FAILED);
  }

  /** What a recording reports to: the leading request's turn, or a request only observed. */
  sealed interface Target permits Lead, Observed {

    /** Returns the largest body that may be held back to share. */
    int maxBodyBytes();

    /** Returns why a response with these headers must not be shared, or {@code null}. */
    @Nullable UnsharedReason refusal(List<Map.Entry<String, @Nullable String>> headers);

    /** Takes the whole response, which the sharing rules let through. */
    void share(ClientDriver.Head head, byte[] body);

    /** Takes a response that must not be shared, for {@code reason}. */
    void refuse(UnsharedReason reason);

    /**
     * Lets the request that runs the chain leave; {@code stop} stops the chain once nobody waits
     * for it. Returns whether the turn has ended already, which stops it at once.
     */
    boolean leave(Runnable stop);
  }
}
