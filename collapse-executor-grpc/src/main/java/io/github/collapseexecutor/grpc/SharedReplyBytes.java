package io.github.collapseexecutor.grpc;

import io.github.collapseexecutor.http.adapter.DataFields;
import io.grpc.Metadata;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The bytes a {@link SharedReply} travels to another instance as: its headers, its serialized response
 * message and its trailers, each after its length; a metadata value as its bytes, binary keys
 * ({@code -bin}) as they are, the others as ASCII. Read only in the same version of the format.
 */
final class SharedReplyBytes {

  private static final int VERSION = 1;

  private SharedReplyBytes() {}

  /** Returns the bytes of {@code reply}. */
  static byte[] write(SharedReply reply) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(VERSION);
      Metadata headers = reply.headers();
      out.writeBoolean(headers != null);
      if (headers != null) {
        metadata(headers, out);
      }
      byte[] message = reply.message();
      out.writeBoolean(message != null);
      if (message != null) {
        DataFields.writeBlock(message, out);
      }
      metadata(reply.trailers(), out);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // never: the stream is in memory
    }
    return bytes.toByteArray();
  }

  /**
   * Returns the reply {@code bytes} hold.
   *
   * @throws IllegalArgumentException if they are not a reply of this format
   */
  static SharedReply read(byte[] bytes) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      if (in.readUnsignedByte() != VERSION) {
        throw new IOException("another version of the format");
      }
      Metadata headers = in.readBoolean() ? metadata(in) : null;
      byte[] message = in.readBoolean() ? DataFields.readBlock(in) : null;
      Metadata trailers = metadata(in);
      if (in.available() > 0) {
        throw new IOException("bytes after the trailers");
      }
      return new SharedReply(headers, message, trailers);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("not a shared reply", e);
    }
  }

  private static void metadata(Metadata metadata, DataOutputStream out) throws IOException {
    out.writeInt(metadata.keys().size());
    for (String name : metadata.keys()) {
      DataFields.writeBlock(name.getBytes(StandardCharsets.US_ASCII), out);
      List<byte[]> values = new ArrayList<>();
      if (name.endsWith(Metadata.BINARY_HEADER_SUFFIX)) {
        Iterable<byte[]> all = metadata.getAll(binary(name));
        if (all != null) {
          all.forEach(values::add);
        }
      } else {
        Iterable<String> all = metadata.getAll(ascii(name));
        if (all != null) {
          all.forEach(value -> values.add(value.getBytes(StandardCharsets.US_ASCII)));
        }
      }
      out.writeInt(values.size());
      for (byte[] value : values) {
        DataFields.writeBlock(value, out);
      }
    }
  }

  private static Metadata metadata(DataInputStream in) throws IOException {
    Metadata metadata = new Metadata();
    int names = in.readInt();
    for (int i = 0; i < names; i++) {
      String name = new String(DataFields.readBlock(in), StandardCharsets.US_ASCII);
      boolean binary = name.endsWith(Metadata.BINARY_HEADER_SUFFIX);
      int count = in.readInt();
      for (int v = 0; v < count; v++) {
        byte[] value = DataFields.readBlock(in);
        if (binary) {
          metadata.put(binary(name), value);
        } else {
          metadata.put(ascii(name), new String(value, StandardCharsets.US_ASCII));
        }
      }
    }
    return metadata;
  }

  private static Metadata.Key<byte[]> binary(String name) {
    return Metadata.Key.of(name, Metadata.BINARY_BYTE_MARSHALLER);
  }

  private static Metadata.Key<String> ascii(String name) {
    return Metadata.Key.of(name, Metadata.ASCII_STRING_MARSHALLER);
  }
}
