package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.http.adapter.ResponseSnapshot;
import io.github.collapseexecutor.http.adapter.StreamTypes;
import io.github.collapseexecutor.servlet.ReplayObservation.Recorded;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.Charset;
import org.jspecify.annotations.Nullable;

/**
 * The response of the request that runs the chain for the others: the body is held back in memory
 * up to the limit so it can be replayed; anything that makes the response unfit to share (a body
 * over the limit, {@code sendError}, {@code sendRedirect}, async processing, non-blocking writes,
 * a stream's content type) switches it to writing straight through, and it is then not shared.
 *
 * <p>A response whose content type is a stream ({@link StreamTypes}: server-sent events, NDJSON
 * and the like) is written straight through from the moment the chain sets that content type, so
 * that each event reaches the client when the chain flushes it, and {@code onStream} runs once
 * then, so that the requests waiting for this one make their own calls at once rather than wait
 * for a stream that may never end.
 *
 * <p>The chain gets the container's output stream or writer as it would without the collapse
 * filter: the first time it asks for one, this response takes the same from the container, which
 * refuses the output stream once a filter before took the writer, and the other way round. What
 * the chain writes is held back, and written through what was taken: bytes to the output stream,
 * or, through the writer, characters decoded from the bytes held in the writer's charset.
 */
final class RecordingResponse extends HttpServletResponseWrapper {

  private final int limit;
  private final Runnable onStream;
  private final ProducedHeaders outerHeaders;
  private final ByteArrayOutputStream held = new ByteArrayOutputStream();
  private boolean passThrough;
  private boolean overflowed;
  /** Whether the chain gave the response a stream's content type. */
  private volatile boolean streamed;
  /** Whether the chain called {@code reset()}: the filters before lost what they had set. */
  private boolean reset;
  /** Whether it called {@code reset()} or {@code resetBuffer()}: they lost what they wrote. */
  private boolean bodyReset;
  /** The container's output stream, once the chain asked for the output stream. */
  private @Nullable ServletOutputStream containerStream;
  /** The container's writer, once the chain asked for the writer. */
  private @Nullable PrintWriter containerWriter;
  /** The charset of the writer; what was held back of a body written through it is in it. */
  private @Nullable Charset writerCharset;
  private @Nullable RecordingStream stream;
  private @Nullable PrintWriter writer;

  /**
   * Records {@code response} up to {@code limit} bytes of body.
   *
   * @param onStream run once, on the chain's thread, when the response becomes a stream
   */
  RecordingResponse(HttpServletResponse response, int limit, Runnable onStream) {
    super(response);
    this.limit = limit;
    this.onStream = onStream;
    this.outerHeaders = ProducedHeaders.since(response);
  }

  @Override
  public ServletOutputStream getOutputStream() throws IOException {
    if (writer != null) {
      throw new IllegalStateException("getWriter() has already been called for this response");
    }
    if (stream == null) {
      // refused, as without this filter, if a filter before took the writer
      containerStream = super.getOutputStream();
      stream = new RecordingStream();
    }
    return stream;
  }

  @Override
  public PrintWriter getWriter() throws IOException {
    if (writer == null) {
      if (stream != null) {
        throw new IllegalStateException(
            "getOutputStream() has already been called for this response");
      }
      // refused, as without this filter, if a filter before took the output stream
      containerWriter = super.getWriter();
      writerCharset = Charset.forName(getCharacterEncoding());
      writer = new PrintWriter(new HeldWriter());
    }
    return writer;
  }

  @Override
  public void flushBuffer() throws IOException {
    if (writer != null) {
      writer.flush();
    }
    if (passThrough) {
      super.flushBuffer();
    }
  }

  @Override
  public void setContentType(@Nullable String type) {
    super.setContentType(type);
    streamIfNeeded();
  }

  @Override
  public void setHeader(String name, @Nullable String value) {
    super.setHeader(name, value);
    if ("Content-Type".equalsIgnoreCase(name)) {
      streamIfNeeded();
    }
  }

  @Override
  public void addHeader(String name, String value) {
    super.addHeader(name, value);
    if ("Content-Type".equalsIgnoreCase(name)) {
      streamIfNeeded();
    }
  }

  /** Switches to writing straight through the first time the content type is a stream's. */
  private void streamIfNeeded() {
    if (streamed || !StreamTypes.isStream(getContentType())) {
      return;
    }
    streamed = true;
    try {
      passThrough();
    } catch (IOException e) {
      throw new IllegalStateException("could not write the held back body", e);
    }
    onStream.run();
  }

  @Override
  public void resetBuffer() {
    super.resetBuffer();
    held.reset();
    bodyReset = true;
  }

  @Override
  public void reset() {
    super.reset();
    held.reset();
    reset = true;
    bodyReset = true;
  }

  @Override
  public void sendError(int sc, String msg) throws IOException {
    discardAndPassThrough();
    super.sendError(sc, msg);
  }

  @Override
  public void sendError(int sc) throws IOException {
    discardAndPassThrough();
    super.sendError(sc);
  }

  @Override
  public void sendRedirect(String location) throws IOException {
    discardAndPassThrough();
    super.sendRedirect(location);
  }

  @Override
  public void sendRedirect(String location, int sc) throws IOException {
    discardAndPassThrough();
    super.sendRedirect(location, sc);
  }

  @Override
  public void sendRedirect(String location, boolean clearBuffer) throws IOException {
    discardAndPassThrough();
    super.sendRedirect(location, clearBuffer);
  }

  @Override
  public void sendRedirect(String location, int sc, boolean clearBuffer) throws IOException {
    discardAndPassThrough();
    super.sendRedirect(location, sc, clearBuffer);
  }

  /** Writes what was held back and writes everything after it straight through. */
  void passThrough() throws IOException {
    if (passThrough) {
      return;
    }
    if (writer != null) {
      writer.flush();
    }
    passThrough = true;
    if (held.size() > 0) {
      if (containerWriter != null) {
        containerWriter.write(held.toString(writerCharset));
      } else {
        held.writeTo(containerStream);
      }
      held.reset();
    }
  }

  /**
   * Returns the recorded response, or {@code null} if it went straight through; call once the
   * chain returned. Its headers are those the chain produced, without the ones the filters before
   * the collapse filter had set (see {@link ProducedHeaders}); its {@code detail()} is the
   * {@link ProducedHeaders.Produced} that says what a replay sets, adds, removes and clears, and
   * what it tells the waiting request's observation ({@code told}, or null).
   */
  @Nullable ResponseSnapshot snapshot(RequestHeaders request, @Nullable Recorded told) {
    if (writer != null) {
      writer.flush();
    }
    if (passThrough) {
      return null;
    }
    ProducedHeaders.Produced produced =
        outerHeaders.of((HttpServletResponse) getResponse(), reset, bodyReset, writerCharset, told);
    return new ResponseSnapshot(getStatus(), null, produced.headers(), held.toByteArray(),
        request, produced);
  }

  /**
   * Returns why the response went straight through: it is a stream, its body outgrew the limit,
   * or else.
   */
  UnsharedReason unrecorded() {
    return streamed ? UnsharedReason.STREAM
        : overflowed ? UnsharedReason.TOO_LARGE : UnsharedReason.NOT_RECORDED;
  }

  /**
   * Sends what was held back to this request's own client. Nothing is flushed: the container
   * completes the response as it would without the filter, setting the content length of a body
   * it still holds whole (and of a HEAD response) instead of switching to chunked.
   */
  void finish() throws IOException {
    passThrough();
  }

  private void discardAndPassThrough() {
    held.reset();
    passThrough = true;
  }

  private void overflowIfNeeded() throws IOException {
    if (held.size() > limit) {
      overflowed = true;
      passThrough();
    }
  }

  /** What the chain writes bytes to: held back, then the container's output stream. */
  private final class RecordingStream extends ServletOutputStream {

    @Override
    public void write(int b) throws IOException {
      if (passThrough) {
        containerStream.write(b);
        return;
      }
      held.write(b);
      overflowIfNeeded();
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (passThrough) {
        containerStream.write(b, off, len);
        return;
      }
      held.write(b, off, len);
      overflowIfNeeded();
    }

    @Override
    public void flush() throws IOException {
      if (passThrough) {
        containerStream.flush();
      }
    }

    @Override
    public boolean isReady() {
      return !passThrough || containerStream.isReady();
    }

    @Override
    public void setWriteListener(WriteListener listener) {
      try {
        passThrough();
      } catch (IOException e) {
        throw new IllegalStateException("could not write the held back body", e);
      }
      containerStream.setWriteListener(listener);
    }
  }

  /**
   * What the chain writes characters to: encoded in the writer's charset and held back, then the
   * container's writer. Each write is encoded at once, so that the held bytes are always the whole
   * body so far.
   */
  private final class HeldWriter extends Writer {

    private final Writer encoder = new OutputStreamWriter(held, writerCharset);

    @Override
    public void write(char[] chars, int off, int len) throws IOException {
      if (passThrough) {
        containerWriter.write(chars, off, len);
        return;
      }
      encoder.write(chars, off, len);
      encoder.flush();
      overflowIfNeeded();
    }

    @Override
    public void write(String text, int off, int len) throws IOException {
      if (passThrough) {
        containerWriter.write(text, off, len);
        return;
      }
      encoder.write(text, off, len);
      encoder.flush();
      overflowIfNeeded();
    }

    @Override
    public void flush() {
      if (passThrough) {
        containerWriter.flush();
      }
    }

    @Override
    public void close() {
      if (passThrough) {
        containerWriter.close();
      }
    }
  }
}
