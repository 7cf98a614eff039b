package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.Incubating;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * The fields that the codecs of shared responses write beside {@link DataOutput}'s own: a block of
 * bytes that carries its length, and a text that may be absent. A {@link DetailCodec} uses them as
 * the protocol's own codecs do, so that every codec reads a damaged or shortened block as an
 * {@link IOException}, never as a huge allocation.
 */
@Incubating
public final class DataFields {

  private DataFields() {}

  /** Writes {@code block} after its length. */
  public static void writeBlock(byte[] block, DataOutput out) throws IOException {
    out.writeInt(block.length);
    out.write(block);
  }

  /**
   * Reads a block that {@link #writeBlock} wrote.
   *
   * @throws IOException if its length is negative or runs past the end of {@code in}
   */
  public static byte[] readBlock(DataInputStream in) throws IOException {
    int length = in.readInt();
    if (length < 0 || length > in.available()) {
      throw new IOException("a length past the end");
    }
    return in.readNBytes(length);
  }

  /** Writes {@code text}, or that there is none. */
  public static void writeOptionalText(@Nullable String text, DataOutput out) throws IOException {
    out.writeBoolean(text != null);
    if (text != null) {
      out.writeUTF(text);
    }
  }

  /** Reads a text that {@link #writeOptionalText} wrote, or {@code null} if it wrote none. */
  public static @Nullable String readOptionalText(DataInput in) throws IOException {
    return in.readBoolean() ? in.readUTF() : null;
  }
}
