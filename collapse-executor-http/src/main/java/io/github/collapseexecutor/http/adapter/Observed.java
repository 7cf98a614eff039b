package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.UnsharedReason;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * Make the call as if collapse were off, for a request that collapse only observes
 * ({@link io.github.collapseexecutor.http.HttpCollapseOptions#observeOnly()}), then say once what
 * collapse would have made of the response it got ({@link #ended}): the protocol counts it.
 */
final class Observed implements Turn, ResponseRecording.Target {

  private final CollapseProtocol protocol;
  private final CallKey call;
  private final RequestHeaders request;

  /** The callers of the would-be call this request would have made, or null if it would join. */
  private final @Nullable AtomicInteger run;

  private final AtomicBoolean ended = new AtomicBoolean();

  Observed(
      CollapseProtocol protocol,
      CallKey call,
      RequestHeaders request,
      @Nullable AtomicInteger run) {
    this.protocol = protocol;
    this.call = call;
    this.request = request;
    this.run = run;
  }

  /** Makes a blocking client's call and tells what collapse would have made of its response. */
  <R> R send(ClientDriver.Blocking<R> driver) throws IOException {
    R live;
    try {
      live = driver.send();
    } catch (IOException | RuntimeException | Error failure) {
      // collapse hands a call's failure to every caller of it, as it would a response
      ended(null);
      throw failure;
    }
    answered(driver, live);
    return live;
  }

  /**
   * Ends with what collapse would have made of {@code response}, the live response of a client's
   * own call ({@code null}: none): its headers by the sharing rules, a request changed below the
   * adapter, and a {@code Content-Length} over the largest body shared, as its body is not read.
   */
  <R> void answered(ClientDriver<R> driver, @Nullable R response) {
    UnsharedReason reason = null;
    if (response != null) {
      try {
        ClientDriver.Head head = driver.head(response);
        reason = LiveResponse.refusal(refusal(head.headers()), driver, response);
        if (reason == null) {
          reason = tooLarge(head.headers());
        }
      } catch (IOException | RuntimeException unreadable) {
        // the caller reads the same head and meets the same failure; counted as shareable
      }
    }
    ended(reason);
  }

  @Override
  public int maxBodyBytes() {
    return protocol.maxBodyBytes();
  }

  @Override
  public @Nullable UnsharedReason refusal(List<Map.Entry<String, @Nullable String>> headers) {
    return protocol.refusal(call.flight().key(), request, headers);
  }

  /** A server adapter's report of the headers of the response: its body was not held back. */
  @Override
  public void share(ClientDriver.Head head, byte[] body) {
    ended(tooLarge(head.headers()));
  }

  @Override
  public void refuse(UnsharedReason reason) {
    ended(reason);
  }

  /** The request's chain is its own: it stops as it would without collapse. */
  @Override
  public boolean leave(Runnable stop) {
    return true;
  }

  /**
   * Ends the observation, once: {@code reason} is why collapse would not have shared the response,
   * {@code null} if it would have. Later calls do nothing.
   */
  void ended(@Nullable UnsharedReason reason) {
    if (ended.compareAndSet(false, true)) {
      protocol.observed(call, run, reason);
    }
  }

  private @Nullable UnsharedReason tooLarge(List<Map.Entry<String, @Nullable String>> headers) {
    return LiveResponse.announcedLength(headers) > protocol.maxBodyBytes()
        ? UnsharedReason.TOO_LARGE
        : null;
  }
}
