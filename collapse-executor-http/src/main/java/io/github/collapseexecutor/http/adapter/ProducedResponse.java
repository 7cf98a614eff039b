package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.Incubating;
import java.nio.charset.Charset;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What the collapsed part of a server's chain (the filters after the collapse filter, and the
 * handler) did to the response of the request that ran it, which a replay does again to a
 * waiting request's response: the headers it produced, what it cleared of what the filters
 * before had set, how it wrote its body, and what it told the server's own observation. A server
 * adapter records one as the response's detail ({@link ResponseRecording#recorded}) and reads it
 * back in its replay ({@link SharedResponse#detail()}); what only its container does again goes
 * in {@link #extension()}.
 *
 * <p>It travels to other instances through {@link #codec}: all of it but the headers' values,
 * which travel with the response itself (a replay reads them there), and but an exception, which
 * never does: a response whose chain noted one is shared on its instance only.
 *
 * @param headers the headers it produced, replaced and removed ({@link ProducedHeaders})
 * @param reset whether it cleared every header the filters before had set (a servlet's
 *     {@code reset()}): a replay removes those the waiting request's own filters had set
 * @param bodyReset whether it cleared what the filters before had written of the body
 *     ({@code reset()} or {@code resetBuffer()}): a replay clears the waiting request's too
 * @param bodyCharset the charset of the writer it wrote the body through, or {@code null} if it
 *     wrote bytes: a waiting request whose own filters took the writer gets the body decoded in it
 * @param inPieces whether it sent its body in pieces before its end: a servlet chain that flushed
 *     the response, a reactive one that wrote a stream of buffers. The server sends such a body in
 *     chunks unless the chain gave a {@code Content-Length}, and counts the length of a whole
 *     one; a replay writes the body the same way, so that the server frames it the same way
 * @param pathPattern the path pattern of the route its handler matched, as the server's own
 *     observation noted it (Spring's {@code uri}), or {@code null}: a replay tells the waiting
 *     request's observation, whose own handler mapping did not run
 * @param error the exception the chain noted on the server's own observation, or {@code null}: a
 *     replay tells the waiting request's observation too
 * @param extension what else a replay does again that only the adapter's container has (a
 *     servlet's locale and buffer size), or {@code null}; it travels through the codec the
 *     adapter gives {@link #codec}
 */
@Incubating
public record ProducedResponse(ProducedHeaders.Produced headers, boolean reset,
    boolean bodyReset, @Nullable Charset bodyCharset, boolean inPieces,
    @Nullable String pathPattern, @Nullable Throwable error, @Nullable Object extension) {

  /** Checks the headers are there. */
  public ProducedResponse {
    Objects.requireNonNull(headers, "headers");
  }

  /**
   * Returns how a produced response travels to another instance: what it holds, and its
   * {@link #extension()} through {@code extension}.
   *
   * @param extension how the adapter's extension travels, or {@code null} if it has none: a
   *     response that holds one then stays on its instance
   */
  public static DetailCodec<ProducedResponse> codec(@Nullable DetailCodec<?> extension) {
    return new ProducedResponseCodec(extension);
  }
}
