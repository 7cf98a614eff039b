package io.github.collapseexecutor.spring.http.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;

/**
 * A body read up to a limit: either all of it, or the part read so far followed by the rest of
 * the stream, for the one caller that then reads it as it streams in.
 */
public final class BoundedBody {

  private final byte[] read;
  private final InputStream rest;

  private BoundedBody(byte[] read, InputStream rest) {
    this.read = read;
    this.rest = rest;
  }

  /**
   * Reads {@code in} until its end or until more than {@code limit} bytes arrived. Does not close
   * {@code in} either way.
   */
  public static BoundedBody read(InputStream in, int limit) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(limit, 8192) + 1);
    byte[] chunk = new byte[8192];
    for (;;) {
      int max = (int) Math.min(chunk.length, (long) limit + 1 - out.size());
      int n = in.read(chunk, 0, max);
      if (n < 0) {
        return new BoundedBody(out.toByteArray(), null);
      }
      out.write(chunk, 0, n);
      if (out.size() > limit) {
        return new BoundedBody(out.toByteArray(), in);
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
