package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.http.adapter.ProducedHeaders;
import io.github.collapseexecutor.http.adapter.ProducedResponse;
import io.github.collapseexecutor.http.adapter.ResponseRecording;
import io.github.collapseexecutor.servlet.ReplayObservation.Recorded;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The response of the request that runs the chain for the others: the body is held back in memory
 * up to the limit so it can be replayed; anything that makes the response unfit to share (a body
 * over the limit, {@code sendError}, {@code sendRedirect}, async processing, non-blocking writes,
 * a stream's content type) switches it to writing straight through, and it is then not shared.
 *
 * <p>A response whose content type is a stream
 * ({@link ResponseRecording#isStream(String)}: server-sent events, NDJSON and the like) is written
 * straight through from the moment the chain sets that content type, so that each event reaches
 * the client when the chain flushes it, and is reported not recorded at once, so that the
 * requests waiting for this one make their own calls rather than wait for a stream that may never
 * end.
 *
 * <p>The chain gets the container's output stream or writer as it would without the collapse
 * filter: the first time it asks for one, this response takes the same from the container, which
 * refuses the output stream once a filter before took the writer, and the other way round. What
 * the chain writes is held back ({@link HeldBody}).
 */
final class RecordingServletResponse extends HttpServletResponseWrapper {

  private final ResponseRecording recording;
  private final ProducedHeaders outerHeaders;
  private final HeldBody body;

  /** What the chain set that the container turns into headers only when it commits. */
  private final ResponseSettings.Noted settings = new ResponseSettings.Noted();

  /** Whether the chain gave the response a stream's content type. */
  private volatile boolean streamed;

  /** Whether the chain called {@code reset()}: the filters before lost what they had set. */
  private boolean reset;

  /** Whether it called {@code reset()} or {@code resetBuffer()}: they lost what they wrote. */
  private boolean bodyReset;

  /** Records {@code response} for {@code recording}, up to its largest body. */
  RecordingServletResponse(HttpServletResponse response, ResponseRecording recording) {
    super(response);
    this.recording = recording;
    this.outerHeaders = ProducedHeaders.since(ContainerHeaders.of(response));
    this.body = new HeldBody(recording.maxBodyBytes());
  }

  @Override
  public ServletOutputStream getOutputStream() throws IOException {
    if (body.writer() != null) {
      throw new IllegalStateException("getWriter() has already been called for this response");
    }
    ServletOutputStream stream = body.stream();
    // refused, as without this filter, if a filter before took the writer
    return stream != null ? stream : body.streamTo(super.getOutputStream());
  }

  @Override
  public PrintWriter getWriter() throws IOException {
    PrintWriter writer = body.writer();
    if (writer != null) {
      return writer;
    }
    if (body.stream() != null) {
      throw new IllegalStateException(
          "getOutputStream() has already been called for this response");
    }
    // refused, as without this filter, if a filter before took the output stream
    return body.writeTo(super.getWriter(), Charset.forName(getCharacterEncoding()));
  }

  @Override
  public void flushBuffer() throws IOException {
    body.flushWriter();
    body.noteFlush();
    if (body.passingThrough()) {
      super.flushBuffer();
    }
  }

  @Override
  public void setLocale(Locale locale) {
    super.setLocale(locale);
    settings.locale();
  }

  @Override
  public void setCharacterEncoding(String encoding) {
    super.setCharacterEncoding(encoding);
    settings.characterEncoding();
  }

  @Override
  public void setCharacterEncoding(Charset encoding) {
    super.setCharacterEncoding(encoding);
    settings.characterEncoding();
  }

  @Override
  public void setBufferSize(int size) {
    super.setBufferSize(size);
    settings.bufferSize(size);
  }

  /**
   * Lets the response through: its trailer fields are computed when its body ends, which the
   * container asks for each response, and not for a replay.
   */
  @Override
  public void setTrailerFields(Supplier<Map<String, String>> supplier) {
    super.setTrailerFields(supplier);
    try {
      passThrough();
    } catch (IOException e) {
      throw new IllegalStateException("could not write the held back body", e);
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
    if (streamed || !recording.isStream(getContentType())) {
      return;
    }
    streamed = true;
    try {
      passThrough();
    } catch (IOException e) {
      throw new IllegalStateException("could not write the held back body", e);
    }
    recording.notRecorded(UnsharedReason.STREAM);
  }

  @Override
  public void resetBuffer() {
    super.resetBuffer();
    body.clear();
    bodyReset = true;
  }

  @Override
  public void reset() {
    super.reset();
    body.clear();
    settings.reset();
    reset = true;
    bodyReset = true;
  }

  @Override
  public void sendError(int sc, String msg) throws IOException {
    body.discardAndPassThrough();
    super.sendError(sc, msg);
  }

  @Override
  public void sendError(int sc) throws IOException {
    body.discardAndPassThrough();
    super.sendError(sc);
  }

  @Override
  public void sendRedirect(String location) throws IOException {
    body.discardAndPassThrough();
    super.sendRedirect(location);
  }

  @Override
  public void sendRedirect(String location, int sc) throws IOException {
    body.discardAndPassThrough();
    super.sendRedirect(location, sc);
  }

  @Override
  public void sendRedirect(String location, boolean clearBuffer) throws IOException {
    body.discardAndPassThrough();
    super.sendRedirect(location, clearBuffer);
  }

  @Override
  public void sendRedirect(String location, int sc, boolean clearBuffer) throws IOException {
    body.discardAndPassThrough();
    super.sendRedirect(location, sc, clearBuffer);
  }

  /** Writes what was held back and writes everything after it straight through. */
  void passThrough() throws IOException {
    body.passThrough();
  }

  /**
   * Tells the recording what the chain produced; call once the chain returned. A response
   * that went straight through is not recorded; a recorded one has the headers the chain produced,
   * without the ones the filters before the collapse filter had set (see
   * {@link ProducedHeaders}), and its detail is the {@link ProducedResponse} that says
   * what a replay sets, adds, removes and clears, and what it tells the waiting request's
   * observation ({@code told}, or null), with the chain's {@link ResponseSettings} as its
   * extension.
   */
  void report(@Nullable Recorded told) {
    body.flushWriter();
    if (body.passingThrough()) {
      recording.notRecorded(unrecorded());
      return;
    }
    ProducedHeaders.Produced headers =
        outerHeaders.of(ContainerHeaders.of((HttpServletResponse) getResponse()), reset);
    // a flush (flushBuffer(), or of the output stream or writer, as Spring's message converters
    // do) commits the response before its end: the container sends it in chunks, without a
    // Content-Length, and a replay flushes too, so that its response is framed the same way
    recording.recorded(
        getStatus(),
        headers.headers(),
        body.bytes(),
        ProducedResponse.builder(headers)
            .reset(reset)
            .bodyReset(bodyReset)
            .bodyCharset(body.charset())
            .inPieces(body.wasFlushed())
            .pathPattern(told == null ? null : told.pathPattern())
            .error(told == null ? null : told.error())
            .extension(settings.of(this))
            .build());
  }

  /**
   * Returns why the response went straight through: it is a stream, its body outgrew the limit,
   * or else.
   */
  UnsharedReason unrecorded() {
    return streamed
        ? UnsharedReason.STREAM
        : body.overflowed() ? UnsharedReason.TOO_LARGE : UnsharedReason.NOT_RECORDED;
  }

  /**
   * Sends what was held back to this request's own client. Nothing is flushed unless the chain
   * flushed: the container completes the response as it would without the filter, setting the
   * content length of a body it still holds whole (and of a HEAD response) instead of switching
   * to chunked.
   */
  void finish() throws IOException {
    boolean held = !body.passingThrough();
    body.passThrough();
    if (held && body.wasFlushed()) {
      super.flushBuffer();
    }
  }
}
