package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.fleet.Fleet;
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
 * The bytes a shared response crosses the fleet as ({@link Fleet}): status, reason, headers,
 * the adapter's detail and the body, each after its length. Read only in the same version of the
 * format: bytes of another version are not this instance's to replay.
 */
final class FleetResponses {

  private static final int VERSION = 1;

  private FleetResponses() {}

  /** Returns the bytes of {@code response}, its detail written by the adapter as {@code detail}. */
  static byte[] write(SharedResponse response, byte @Nullable [] detail) {
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
        block(detail, out);
      }
      block(response.bodyCopy(), out);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // never: the stream is in memory
    }
    return bytes.toByteArray();
  }

  /**
   * Returns the response {@code bytes} hold, as a response to {@code request}.
   *
   * @param detail reads the adapter's detail
   * @throws IllegalArgumentException if the bytes are not a response of this format
   */
  static SharedResponse read(byte[] bytes, RequestHeaders request, DetailReader detail) {
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
        headers.add(new SimpleImmutableEntry<>(name,
            in.readBoolean() ? text(in) : null));
      }
      Object detailValue = in.readBoolean() ? detail.read(block(in)) : null;
      byte[] body = block(in);
      if (in.available() > 0) {
        throw new IllegalArgumentException("bytes after the body");
      }
      return new SharedResponse(status, reason, headers, body, request, detailValue);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("not a shared response", e);
    }
  }

  /**
   * Returns the bytes of {@code shared} for the other instances, or {@code null} if it stays on
   * this one: there is none, or the adapter cannot write its detail. The call ran and answered
   * its caller, so a detail that fails to write only keeps the response here.
   */
  static byte @Nullable [] crossing(@Nullable SharedResponse shared, DetailWriter detail) {
    if (shared == null) {
      return null;
    }
    Object value = shared.detail();
    byte[] written;
    try {
      written = value == null ? null : detail.write(value);
    } catch (RuntimeException e) {
      return null;
    }
    return value != null && written == null ? null : write(shared, written);
  }

  /**
   * Returns the response another instance's call shared, as a response to the request of
   * {@code lead}, or {@code null} if this instance cannot replay it: bytes of another format or
   * adapter, or a response the sharing rules here refuse.
   */
  static @Nullable SharedResponse joined(byte[] bytes, Lead lead, DetailReader detail) {
    SharedResponse shared;
    try {
      shared = read(bytes, lead.request(), detail);
    } catch (IllegalArgumentException e) {
      return null;
    }
    return lead.refusal(shared.headers()) == null ? shared : null;
  }

  private static void text(String text, DataOutputStream out) throws IOException {
    block(text.getBytes(StandardCharsets.UTF_8), out);
  }

  private static String text(DataInputStream in) throws IOException {
    return new String(block(in), StandardCharsets.UTF_8);
  }

  private static void block(byte[] block, DataOutputStream out) throws IOException {
    out.writeInt(block.length);
    out.write(block);
  }

  private static byte[] block(DataInputStream in) throws IOException {
    int length = in.readInt();
    if (length < 0 || length > in.available()) {
      throw new IOException("a length past the end");
    }
    return in.readNBytes(length);
  }

  /** Writes an adapter's detail, or returns {@code null} if it cannot cross. */
  @FunctionalInterface
  interface DetailWriter {
    byte @Nullable [] write(Object detail);
  }

  /** Reads an adapter's detail from the bytes it wrote. */
  @FunctionalInterface
  interface DetailReader {
    Object read(byte[] detail);
  }
}
