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
 * <p>Built with {@link #builder}; equal when everything it holds is.
 */
@Incubating
public final class ProducedResponse {

  private final ProducedHeaders.Produced headers;
  private final boolean reset;
  private final boolean bodyReset;
  private final @Nullable Charset bodyCharset;
  private final boolean inPieces;
  private final @Nullable String pathPattern;
  private final @Nullable Throwable error;
  private final @Nullable Object extension;

  private ProducedResponse(Builder builder) {
    this.headers = builder.headers;
    this.reset = builder.reset;
    this.bodyReset = builder.bodyReset;
    this.bodyCharset = builder.bodyCharset;
    this.inPieces = builder.inPieces;
    this.pathPattern = builder.pathPattern;
    this.error = builder.error;
    this.extension = builder.extension;
  }

  /**
   * Returns a builder of what the collapsed part did, starting from the headers it produced: it
   * reset nothing, wrote bytes in one piece, and noted nothing on the observation.
   */
  public static Builder builder(ProducedHeaders.Produced headers) {
    return new Builder(headers);
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

  /** Returns the headers it produced, replaced and removed ({@link ProducedHeaders}). */
  public ProducedHeaders.Produced headers() {
    return headers;
  }

  /**
   * Returns whether it cleared every header the filters before had set (a servlet's
   * {@code reset()}): a replay removes those the waiting request's own filters had set.
   */
  public boolean reset() {
    return reset;
  }

  /**
   * Returns whether it cleared what the filters before had written of the body ({@code reset()}
   * or {@code resetBuffer()}): a replay clears the waiting request's too.
   */
  public boolean bodyReset() {
    return bodyReset;
  }

  /**
   * Returns the charset of the writer it wrote the body through, or {@code null} if it wrote
   * bytes: a waiting request whose own filters took the writer gets the body decoded in it.
   */
  public @Nullable Charset bodyCharset() {
    return bodyCharset;
  }

  /**
   * Returns whether it sent its body in pieces before its end: a servlet chain that flushed the
   * response, a reactive one that wrote a stream of buffers. The server sends such a body in
   * chunks unless the chain gave a {@code Content-Length}, and counts the length of a whole one;
   * a replay writes the body the same way, so that the server frames it the same way.
   */
  public boolean inPieces() {
    return inPieces;
  }

  /**
   * Returns the path pattern of the route its handler matched, as the server's own observation
   * noted it (Spring's {@code uri}), or {@code null}: a replay tells the waiting request's
   * observation, whose own handler mapping did not run.
   */
  public @Nullable String pathPattern() {
    return pathPattern;
  }

  /**
   * Returns the exception the chain noted on the server's own observation, or {@code null}: a
   * replay tells the waiting request's observation too.
   */
  public @Nullable Throwable error() {
    return error;
  }

  /**
   * Returns what else a replay does again that only the adapter's container has (a servlet's
   * locale and buffer size), or {@code null}; it travels through the codec the adapter gives
   * {@link #codec}.
   */
  public @Nullable Object extension() {
    return extension;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof ProducedResponse that
        && headers.equals(that.headers)
        && reset == that.reset
        && bodyReset == that.bodyReset
        && Objects.equals(bodyCharset, that.bodyCharset)
        && inPieces == that.inPieces
        && Objects.equals(pathPattern, that.pathPattern)
        && Objects.equals(error, that.error)
        && Objects.equals(extension, that.extension);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        headers, reset, bodyReset, bodyCharset, inPieces, pathPattern, error, extension);
  }

  @Override
  public String toString() {
    return "ProducedResponse[headers="
        + headers
        + ", reset="
        + reset
        + ", bodyReset="
        + bodyReset
        + ", bodyCharset="
        + bodyCharset
        + ", inPieces="
        + inPieces
        + ", pathPattern="
        + pathPattern
        + ", error="
        + error
        + ", extension="
        + extension
        + "]";
  }

  /** Builds a {@link ProducedResponse}, one fact at a time. */
  public static final class Builder {

    private final ProducedHeaders.Produced headers;
    private boolean reset;
    private boolean bodyReset;
    private @Nullable Charset bodyCharset;
    private boolean inPieces;
    private @Nullable String pathPattern;
    private @Nullable Throwable error;
    private @Nullable Object extension;

    private Builder(ProducedHeaders.Produced headers) {
      this.headers = Objects.requireNonNull(headers, "headers");
    }

    /** Sets whether it cleared every header the filters before had set. */
    public Builder reset(boolean reset) {
      this.reset = reset;
      return this;
    }

    /** Sets whether it cleared what the filters before had written of the body. */
    public Builder bodyReset(boolean bodyReset) {
      this.bodyReset = bodyReset;
      return this;
    }

    /** Sets the charset of the writer it wrote the body through; {@code null} for bytes. */
    public Builder bodyCharset(@Nullable Charset bodyCharset) {
      this.bodyCharset = bodyCharset;
      return this;
    }

    /** Sets whether it sent its body in pieces before its end. */
    public Builder inPieces(boolean inPieces) {
      this.inPieces = inPieces;
      return this;
    }

    /** Sets the path pattern of the route its handler matched, or {@code null}. */
    public Builder pathPattern(@Nullable String pathPattern) {
      this.pathPattern = pathPattern;
      return this;
    }

    /** Sets the exception the chain noted on the server's own observation, or {@code null}. */
    public Builder error(@Nullable Throwable error) {
      this.error = error;
      return this;
    }

    /** Sets what else a replay does again that only the adapter's container has, or null. */
    public Builder extension(@Nullable Object extension) {
      this.extension = extension;
      return this;
    }

    /** Returns the produced response. */
    public ProducedResponse build() {
      return new ProducedResponse(this);
    }
  }
}
