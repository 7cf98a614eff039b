package io.github.collapseexecutor.servlet;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * The response of a write, which tells the collapser that the write completed as its response
 * begins to leave: before its first byte is written, or before it is flushed, redirected or
 * sent as an error, whichever comes first. A client may read that response (a JSON body that
 * Spring's converters flush, say) before the chain returns, and a read it sends next must not
 * join a read that started before the write. The write's own work is done by then: a handler
 * answers once it has committed.
 */
final class WriteResponse extends HttpServletResponseWrapper {

  private final Runnable written;
  private final AtomicBoolean told = new AtomicBoolean();
  private @Nullable ServletOutputStream stream;
  private @Nullable PrintWriter writer;

  WriteResponse(HttpServletResponse response, Runnable written) {
    super(response);
    this.written = written;
  }

  private void leaving() {
    if (told.compareAndSet(false, true)) {
      written.run();
    }
  }

  @Override
  public ServletOutputStream getOutputStream() throws IOException {
    ServletOutputStream own = stream;
    if (own == null) {
      own = new Stream(super.getOutputStream());
      stream = own;
    }
    return own;
  }

  @Override
  public PrintWriter getWriter() throws IOException {
    PrintWriter own = writer;
    if (own == null) {
      PrintWriter container = super.getWriter();
      own =
          new PrintWriter(
              new Writer() {
                @Override
                public void write(char[] chars, int offset, int length) {
                  leaving();
                  container.write(chars, offset, length);
                }

                @Override
                public void flush() {
                  leaving();
                  container.flush();
                }

                @Override
                public void close() {
                  leaving();
                  container.close();
                }
              }) {
            @Override
            public boolean checkError() {
              // the container's writer keeps its own errors to itself
              return super.checkError() || container.checkError();
            }
          };
      writer = own;
    }
    return own;
  }

  @Override
  public void flushBuffer() throws IOException {
    leaving();
    super.flushBuffer();
  }

  @Override
  public void sendError(int sc, String msg) throws IOException {
    leaving();
    super.sendError(sc, msg);
  }

  @Override
  public void sendError(int sc) throws IOException {
    leaving();
    super.sendError(sc);
  }

  @Override
  public void sendRedirect(String location) throws IOException {
    leaving();
    super.sendRedirect(location);
  }

  @Override
  public void sendRedirect(String location, int sc) throws IOException {
    leaving();
    super.sendRedirect(location, sc);
  }

  @Override
  public void sendRedirect(String location, boolean clearBuffer) throws IOException {
    leaving();
    super.sendRedirect(location, clearBuffer);
  }

  @Override
  public void sendRedirect(String location, int sc, boolean clearBuffer) throws IOException {
    leaving();
    super.sendRedirect(location, sc, clearBuffer);
  }

  /** The container's output stream, telling of the first byte or flush. */
  private final class Stream extends ServletOutputStream {

    private final ServletOutputStream container;

    Stream(ServletOutputStream container) {
      this.container = container;
    }

    @Override
    public void write(int b) throws IOException {
      leaving();
      container.write(b);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      leaving();
      container.write(bytes, offset, length);
    }

    @Override
    public void flush() throws IOException {
      leaving();
      container.flush();
    }

    @Override
    public void close() throws IOException {
      leaving();
      container.close();
    }

    @Override
    public boolean isReady() {
      return container.isReady();
    }

    @Override
    public void setWriteListener(WriteListener listener) {
      container.setWriteListener(listener);
    }
  }
}
