package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.core.Incubating;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * The full local key of a call, every part that decides its result: the identity parts
 * (credentials, the principal, the tenant) as well as what the call asks for. Two calls on
 * different instances share one backend call only if their keys hold equal parts, in the same
 * order, so a key must hold everything that would keep two callers apart on one instance.
 *
 * <p>A key never reaches Redis: the coordinator keeps only a keyed digest of it (HMAC-SHA256 with
 * the fleet's secret). Its {@link #toString()} shows no part, so that a key in a log shows no
 * credential.
 */
@Incubating
public final class FleetKey {

  private final byte[] bytes;
  private final int parts;

  private FleetKey(byte[] bytes, int parts) {
    this.bytes = bytes;
    this.parts = parts;
  }

  /** Returns the key of these parts, in order. */
  public static FleetKey of(String... parts) {
    return of(List.of(parts));
  }

  /** Returns the key of these parts, in order. */
  public static FleetKey of(List<String> parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (String part : parts) {
      byte[] utf8 = Objects.requireNonNull(part, "part").getBytes(StandardCharsets.UTF_8);
      // each part after its length, so that ("a|b") and ("a", "b") never make equal bytes
      int length = utf8.length;
      out.write(length >>> 24);
      out.write(length >>> 16);
      out.write(length >>> 8);
      out.write(length);
      out.write(utf8, 0, length);
    }
    return new FleetKey(out.toByteArray(), parts.size());
  }

  /** Returns the bytes the digest is made of; never handed out. */
  byte[] bytes() {
    return bytes;
  }

  @Override
  public String toString() {
    return "FleetKey[" + parts + " parts]";
  }
}
