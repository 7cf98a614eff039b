package io.github.collapseexecutor.http.adapter;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * A body read up to a limit: either all of it (or all that arrived before a read failed), or the
 * part read so far followed by the rest of the stream, for the one caller that then reads it as
 * it streams in.
 *
 * <p>The buffer is sized to the body: to its announced length when there is one (a
 * {@code Content-Length}), else it starts small and doubles as the body arrives. A body of the
 * announced length is kept in the buffer it was read into, without a copy; a wrong length only
 * costs a copy, never a wrong body.
 */
final class BoundedBody {

  /** Where a buffer starts when the body's length is not known. */
  static final int UNKNOWN_LENGTH_START = 512;

  private final byte[] read;
  private final @Nullable InputStream rest;
  private final @Nullable IOException failure;

  private BoundedBody(byte[] read, @Nullable InputStream rest, @Nullable IOException failure) {
    this.read = read;
    this.rest = rest;
    this.failure = failure;
  }

  /** {@link #read(InputStream, int, long)} of a body whose length is not known. */
  static BoundedBody read(InputStream in, int limit) {
    return read(in, limit, -1);
  }

  /**
   * Reads {@code in} until its end, until more than {@code limit} bytes arrived, or until a read
   * fails, which ends the body as its end would ({@link #failure()}). Does not close {@code in}
   * in any case.
   *
   * @param announcedLength the length the response announced, or a negative number if it did not
   */
  static BoundedBody read(InputStream in, int limit, long announcedLength) {
    // one byte over the limit tells a body that is too large from one that just fits
    int capacity = (int) Math.min((long) limit + 1, Integer.MAX_VALUE - 8);
    byte[] buffer =
        new byte
            [(int)
                Math.min(announcedLength >= 0 ? announcedLength : UNKNOWN_LENGTH_START, capacity)];
    int size = 0;
    for (; ; ) {
      int n;
      try {
        if (size == buffer.length) {
          int next = in.read();
          if (next >= 0) {
            buffer = Arrays.copyOf(buffer, (int) Math.min(Math.max(2L * size, 64), capacity));
            buffer[size] = (byte) next;
          }
          n = next < 0 ? -1 : 1;
        } else {
          n = in.read(buffer, size, buffer.length - size);
        }
      } catch (IOException failure) {
        // the body ended in a failure: what arrived is kept, to be read before the failure
        return new BoundedBody(Arrays.copyOf(buffer, size), null, failure);
      }
      if (n < 0) {
        return new BoundedBody(
            size == buffer.length ? buffer : Arrays.copyOf(buffer, size), null, null);
      }
      size += n;
      if (size > limit) {
        return new BoundedBody(Arrays.copyOf(buffer, size), in, null);
      }
    }
  }

  /**
   * Returns the failure that ended the body before its end, or {@code null} if it ended well or
   * is not {@linkplain #complete() complete}; {@link #bytes()} then holds what arrived before it.
   */
  @Nullable IOException failure() {
    return failure;
  }

  /** Returns whether the whole body fit in the limit. */
  boolean complete() {
    return rest == null;
  }

  /** Returns the whole body; only when {@link #complete()}. */
  byte[] bytes() {
    if (rest != null) {
      throw new IllegalStateException("the body is larger than the limit; read stream() instead");
    }
    return read;
  }

  /** Returns the whole body as one stream: what was read, then the rest. */
  InputStream stream() {
    ByteArrayInputStream head = new ByteArrayInputStream(read);
    return rest == null ? head : new SequenceInputStream(head, rest);
  }
}
