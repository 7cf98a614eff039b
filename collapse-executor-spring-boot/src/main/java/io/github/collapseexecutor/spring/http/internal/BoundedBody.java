package io.github.collapseexecutor.spring.http.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.Arrays;

/**
 * A body read up to a limit: either all of it, or the part read so far followed by the rest of
 * the stream, for the one caller that then reads it as it streams in.
 *
 * <p>The buffer is sized to the body: to its announced length when there is one (a
 * {@code Content-Length}), else it starts small and doubles as the body arrives. A body of the
 * announced length is kept in the buffer it was read into, without a copy; a wrong length only
 * costs a copy, never a wrong body.
 */
public final class BoundedBody {

  /** Where a buffer starts when the body's length is not known. */
  static final int UNKNOWN_LENGTH_START = 512;

  private final byte[] read;
  private final InputStream rest;

  private BoundedBody(byte[] read, InputStream rest) {
    this.read = read;
    this.rest = rest;
  }

  /** {@link #read(InputStream, int, long)} of a body whose length is not known. */
  public static BoundedBody read(InputStream in, int limit) throws IOException {
    return read(in, limit, -1);
  }

  /**
   * Reads {@code in} until its end or until more than {@code limit} bytes arrived. Does not close
   * {@code in} either way.
   *
   * @param announcedLength the length the response announced, or a negative number if it did not
   */
  public static BoundedBody read(InputStream in, int limit, long announcedLength)
      throws IOException {
    // one byte over the limit tells a body that is too large from one that just fits
    int capacity = (int) Math.min((long) limit + 1, Integer.MAX_VALUE - 8);
    byte[] buffer = new byte[(int) Math.min(
        announcedLength >= 0 ? announcedLength : UNKNOWN_LENGTH_START, capacity)];
    int size = 0;
    for (;;) {
      if (size == buffer.length) {
        int next = in.read();
        if (next < 0) {
          return new BoundedBody(buffer, null);
        }
        buffer = Arrays.copyOf(buffer, (int) Math.min(Math.max(2L * size, 64), capacity));
        buffer[size++] = (byte) next;
      } else {
        int n = in.read(buffer, size, buffer.length - size);
        if (n < 0) {
          return new BoundedBody(Arrays.copyOf(buffer, size), null);
        }
        size += n;
      }
      if (size > limit) {
        return new BoundedBody(Arrays.copyOf(buffer, size), in);
      }
    }
  }

  /** Returns whether the whole body fit in the limit. */
  public boolean complete() {
    return rest == null;
  }

  /** Returns the whole body; only when {@link #complete()}. */
  public byte[] bytes() {
    if (rest != null) {
      throw new IllegalStateException("the body is larger than the limit; read stream() instead");
    }
    return read;
  }

  /** Returns the whole body as one stream: what was read, then the rest. */
  public InputStream stream() {
    ByteArrayInputStream head = new ByteArrayInputStream(read);
    return rest == null ? head : new SequenceInputStream(head, rest);
  }
}
