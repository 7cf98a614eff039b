package io.github.collapseexecutor.servlet;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.Charset;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The body the chain writes on the response of the request that runs it for the others: held back
 * in memory up to a limit, then, once it must go straight to the client (it outgrew the limit, or
 * the response cannot be shared), written through what the container gave, with what was held
 * back first.
 *
 * <p>The chain gets an output stream or a writer of this body, over the container's output stream
 * or writer, taken the first time the chain asks for one: bytes go to the output stream, and
 * through the writer, characters decoded from the bytes held in the writer's charset.
 */
final class HeldBody {

  private final int limit;
  private final ByteArrayOutputStream held = new ByteArrayOutputStream();
  private boolean passThrough;
  private boolean overflowed;

  /** Whether the chain flushed what it wrote while it was held back. */
  private boolean flushed;

  /** Whether this body flushes the chain's writer itself, which is no flush of the chain's. */
  private boolean flushingWriter;

  /** The container's output stream, once the chain asked for the output stream. */
  private @Nullable ServletOutputStream containerStream;

  /** The container's writer, once the chain asked for the writer. */
  private @Nullable PrintWriter containerWriter;

  /** The charset of the writer; what was held back of a body written through it is in it. */
  private @Nullable Charset writerCharset;

  private @Nullable HeldStream stream;
  private @Nullable PrintWriter writer;

  /** Holds up to {@code limit} bytes back. */
  HeldBody(int limit) {
    this.limit = limit;
  }

  /** Returns the output stream the chain writes to, if it asked for one. */
  @Nullable ServletOutputStream stream() {
    return stream;
  }

  /** Returns the writer the chain writes to, if it asked for one. */
  @Nullable PrintWriter writer() {
    return writer;
  }

  /** Gives the chain an output stream over {@code container}, the container's. */
  ServletOutputStream streamTo(ServletOutputStream container) {
    containerStream = container;
    stream = new HeldStream();
    return stream;
  }

  /** Gives the chain a writer over {@code container}, the container's, in {@code charset}. */
  PrintWriter writeTo(PrintWriter container, Charset charset) {
    containerWriter = container;
    writerCharset = charset;
    writer = new PrintWriter(new HeldWriter());
    return writer;
  }

  /** Returns the charset of the writer the chain wrote through, or null if it wrote bytes. */
  @Nullable Charset charset() {
    return writerCharset;
  }

  /** Returns whether the body goes straight through. */
  boolean passingThrough() {
    return passThrough;
  }

  /** Returns whether the body went straight through because it outgrew the limit. */
  boolean overflowed() {
    return overflowed;
  }

  /** Flushes what the chain wrote through its writer into the held bytes. */
  void flushWriter() {
    if (writer != null) {
      flushingWriter = true;
      try {
        writer.flush();
      } finally {
        flushingWriter = false;
      }
    }
  }

  /**
   * Notes that the chain flushed the response while its body was held back: without the filter
   * the container would have committed it then, and sent it in chunks.
   */
  void noteFlush() {
    if (!passThrough) {
      flushed = true;
    }
  }

  /** Returns whether the chain flushed the response while its body was held back. */
  boolean wasFlushed() {
    return flushed;
  }

  /** Returns what was held back. */
  byte[] bytes() {
    return held.toByteArray();
  }

  /** Forgets what was held back: the chain reset the response's buffer. */
  void clear() {
    held.reset();
  }

  /** Forgets what was held back and writes everything after it straight through. */
  void discardAndPassThrough() {
    held.reset();
    passThrough = true;
  }

  /** Writes what was held back and writes everything after it straight through. */
  void passThrough() throws IOException {
    if (passThrough) {
      return;
    }
    flushWriter();
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

  /** The container's output stream, which the chain took before it could write to it. */
  private ServletOutputStream containerStream() {
    return Objects.requireNonNull(containerStream, "containerStream");
  }

  /** The container's writer, which the chain took before it could write to it. */
  private PrintWriter containerWriter() {
    return Objects.requireNonNull(containerWriter, "containerWriter");
  }

  private void overflowIfNeeded() throws IOException {
    if (held.size() > limit) {
      overflowed = true;
      passThrough();
    }
  }

  /** What the chain writes bytes to: held back, then the container's output stream. */
  private final class HeldStream extends ServletOutputStream {

    @Override
    public void write(int b) throws IOException {
      if (passThrough) {
        containerStream().write(b);
        return;
      }
      held.write(b);
      overflowIfNeeded();
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (passThrough) {
        containerStream().write(b, off, len);
        return;
      }
      held.write(b, off, len);
      overflowIfNeeded();
    }

    @Override
    public void flush() throws IOException {
      if (passThrough) {
        containerStream().flush();
      } else {
        noteFlush();
      }
    }

    @Override
    public boolean isReady() {
      return !passThrough || containerStream().isReady();
    }

    @Override
    public void setWriteListener(WriteListener listener) {
      try {
        passThrough();
      } catch (IOException e) {
        throw new IllegalStateException("could not write the held back body", e);
      }
      containerStream().setWriteListener(listener);
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
        containerWriter().write(chars, off, len);
        return;
      }
      encoder.write(chars, off, len);
      encoder.flush();
      overflowIfNeeded();
    }

    @Override
    public void write(String text, int off, int len) throws IOException {
      if (passThrough) {
        containerWriter().write(text, off, len);
        return;
      }
      encoder.write(text, off, len);
      encoder.flush();
      overflowIfNeeded();
    }

    @Override
    public void flush() {
      if (passThrough) {
        containerWriter().flush();
      } else if (!flushingWriter) {
        noteFlush();
      }
    }

    @Override
    public void close() {
      if (passThrough) {
        containerWriter().close();
      }
    }
  }
}
