package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.http.adapter.ProducedHeaders;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * The bytes a {@link ProducedResponse} crosses the fleet tier as, so that another instance
 * replays a response as this one would: which headers a replay replaces and removes, the route
 * the handler matched, for the waiting request's observation, and how the chain wrote its body.
 * A response whose application noted an exception on the observation stays on its instance, as an
 * exception does not cross. The headers themselves cross
 * with the response, where the replay reads them.
 */
final class FleetDetail {

  private FleetDetail() {}

  /** Returns the bytes of {@code produced}, or {@code null} if it stays on this instance. */
  static byte @Nullable [] write(ProducedResponse produced) {
    if (produced.error() != null) {
      // an exception does not cross: the response stays here, with what it tells observations
      return null;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      produced.headers().writeNames(out);
      String pattern = produced.pathPattern();
      out.writeBoolean(pattern != null);
      if (pattern != null) {
        out.writeUTF(pattern);
      }
      out.writeBoolean(produced.inPieces());
    } catch (IOException e) {
      // a name or a pattern over 64 KiB, which writeUTF refuses: the response stays here
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
      ProducedHeaders.Produced produced = ProducedHeaders.Produced.readNames(in);
      String pattern = in.readBoolean() ? in.readUTF() : null;
      boolean inPieces = in.readBoolean();
      if (in.available() > 0) {
        throw new IOException("bytes after the detail");
      }
      return new ProducedResponse(produced, pattern, null, inPieces);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("not a produced response", e);
    }
  }
}
