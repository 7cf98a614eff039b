package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.RequestHeaders;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The bytes a shared response travels to another instance as: status, reason, headers, the
 * adapter's detail, written by its {@link DetailCodec}, and the body, each after its length.
 * Read only in the same version of the format: bytes of another version are not this instance's
 * to replay.
 */
final class SharedResponseBytes {

  private static final int VERSION = 2;

  private SharedResponseBytes() {}

  /**
   * Returns the bytes of {@code shared}, or {@code null} if its detail cannot be written by
   * {@code codec} (none, for an adapter whose details stay on their instance): it then stays on
   * this instance.
   */
  static byte @Nullable [] of(SharedResponse shared, @Nullable DetailCodec<?> codec) {
    byte[] detail;
    try {
      detail = detailBytes(shared.detail(), codec);
    } catch (IOException | RuntimeException e) {
      return null;
    }
    return write(shared, detail);
  }

  /**
   * Returns the response {@code bytes} hold, as a response to {@code request}, its detail read by
   * {@code codec}; or {@code null} if they are not one this instance can replay: bytes of another
   * format or adapter.
   */
  static @Nullable SharedResponse read(
      byte[] bytes, RequestHeaders request, @Nullable DetailCodec<?> codec) {
    try {
      return readOrThrow(bytes, request, codec);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** Returns the bytes of {@code response}, with its detail's bytes, if it has a detail. */
  private static byte[] write(SharedResponse response, byte @Nullable [] detail) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(response.bodyLength() + 256);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(VERSION);
      out.writeInt(response.status());
      text(response.reason(), out);
      out.writeInt(response.headers().size());
      for (Map.Entry<String, @Nullable String> header : response.headers()) {
        text(header.getKey(), out);
        out.writeBoolean(header.getValue() != null);
        if (header.getValue() != null) {
          text(header.getValue(), out);
        }
      }
      out.writeBoolean(detail != null);
      if (detail != null) {
        DataFields.writeBlock(detail, out);
      }
      DataFields.writeBlock(response.bodyCopy(), out);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // never: the stream is in memory
    }
    return bytes.toByteArray();
  }

  /**
   * Returns the response {@code bytes} hold, as a response to {@code request}.
   *
   * @throws IllegalArgumentException if the bytes are not a response of this format, or its
   *     detail is not one {@code codec} reads
   */
  private static SharedResponse readOrThrow(
      byte[] bytes, RequestHeaders request, @Nullable DetailCodec<?> codec) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      if (in.readUnsignedByte() != VERSION) {
        throw new IllegalArgumentException("another version of the format");
      }
      int status = in.readInt();
      String reason = text(in);
      int count = in.readInt();
      List<Map.Entry<String, @Nullable String>> headers = new ArrayList<>(Math.min(count, 256));
      for (int i = 0; i < count; i++) {
        String name = text(in);
        headers.add(new SimpleImmutableEntry<>(name, in.readBoolean() ? text(in) : null));
      }
      Object detail = in.readBoolean() ? detail(DataFields.readBlock(in), codec) : null;
      byte[] body = DataFields.readBlock(in);
      if (in.available() > 0) {
        throw new IllegalArgumentException("bytes after the body");
      }
      return new SharedResponse(
          new ClientDriver.Head(status, reason, headers, detail), body, null, request);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("not a shared response", e);
    }
  }

  /**
   * Returns the bytes {@code codec} writes of {@code detail}, or {@code null} for no detail.
   *
   * @throws IllegalArgumentException if there is a detail and no codec, or the codec cannot
   *     write it
   */
  @SuppressWarnings("unchecked")
  private static byte @Nullable [] detailBytes(
      @Nullable Object detail, @Nullable DetailCodec<?> codec) throws IOException {
    if (detail == null) {
      return null;
    }
    if (codec == null) {
      throw new IllegalArgumentException("this adapter's details stay on their instance");
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      // the detail is one the same adapter made, of the type its codec writes; one of another
      // type fails the codec's cast, and the response stays here
      ((DetailCodec<Object>) codec).write(detail, out);
    }
    return bytes.toByteArray();
  }

  /** Returns the detail {@code codec} reads of the whole of {@code bytes}. */
  private static Object detail(byte[] bytes, @Nullable DetailCodec<?> codec) throws IOException {
    if (codec == null) {
      throw new IllegalArgumentException("this adapter's details stay on their instance");
    }
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
    Object detail = codec.read(in);
    if (in.available() > 0) {
      throw new IOException("bytes after the detail");
    }
    return detail;
  }

  private static void text(String text, DataOutputStream out) throws IOException {
    DataFields.writeBlock(text.getBytes(StandardCharsets.UTF_8), out);
  }

  private static String text(DataInputStream in) throws IOException {
    return new String(DataFields.readBlock(in), StandardCharsets.UTF_8);
  }
}
