package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.http.adapter.ProducedHeaders;
import io.github.collapseexecutor.servlet.ReplayObservation.Recorded;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.Charset;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The bytes a {@link ProducedResponse} crosses the fleet tier as, so that another instance
 * replays a response as this one would: which headers a replay replaces and removes, the resets,
 * the body's charset, the settings the container writes as headers ({@link ResponseSettings}). The headers themselves cross with the response, where the replay reads
 * them. What a server's observation recorded crosses as its path pattern; a response whose chain
 * recorded an exception stays on its instance, as an exception does not cross.
 */
final class FleetDetail {

  private FleetDetail() {}

  /** Returns the bytes of {@code produced}, or {@code null} if it stays on this instance. */
  static byte @Nullable [] write(ProducedResponse produced) {
    Recorded told = produced.told();
    if (told != null && told.error() != null) {
      return null;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      produced.headers().writeNames(out);
      out.writeBoolean(produced.reset());
      out.writeBoolean(produced.bodyReset());
      Charset charset = produced.bodyCharset();
      optional(charset == null ? null : charset.name(), out);
      ResponseSettings settings = produced.settings();
      Locale locale = settings.locale();
      optional(locale == null ? null : locale.toLanguageTag(), out);
      optional(settings.characterEncoding(), out);
      out.writeInt(settings.bufferSize());
      out.writeBoolean(settings.flushed());
      out.writeBoolean(told != null);
      if (told != null) {
        optional(told.pathPattern(), out);
      }
    } catch (IOException e) {
      // a name or value over 64 KiB, which writeUTF refuses: the response stays here
      return null;
    }
    return bytes.toByteArray();
  }

  /**
   * Returns the {@link ProducedResponse} that {@link #write} wrote as {@code bytes}.
   *
   * @throws IllegalArgumentException if the bytes are not one
   */
  static ProducedResponse read(byte[] bytes) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      // the headers are the shared response's own (ServletReplay reads them there)
      ProducedHeaders.Produced produced = ProducedHeaders.Produced.readNames(in);
      boolean reset = in.readBoolean();
      boolean bodyReset = in.readBoolean();
      String charset = optional(in);
      String locale = optional(in);
      ResponseSettings settings = new ResponseSettings(
          locale == null ? null : Locale.forLanguageTag(locale), optional(in), in.readInt(),
          in.readBoolean());
      Recorded told = in.readBoolean() ? new Recorded(optional(in), null) : null;
      return new ProducedResponse(produced, reset, bodyReset,
          charset == null ? null : Charset.forName(charset), settings, told);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("not a produced response", e);
    }
  }

  private static void optional(@Nullable String text, DataOutputStream out) throws IOException {
    out.writeBoolean(text != null);
    if (text != null) {
      out.writeUTF(text);
    }
  }

  private static @Nullable String optional(DataInputStream in) throws IOException {
    return in.readBoolean() ? in.readUTF() : null;
  }
}
