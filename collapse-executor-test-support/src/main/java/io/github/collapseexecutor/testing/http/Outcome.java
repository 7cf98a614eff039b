package io.github.collapseexecutor.testing.http;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What one caller observed of one response: status, the headers that matter (names in lower case,
 * values in order) and the body bytes (held as ISO-8859-1 text so that any byte survives and
 * ASCII stays readable in assertion messages).
 */
public record Outcome(int status, Map<String, List<String>> headers, String body) {

  /** Headers that differ from one response to the next, or describe only the transport. */
  private static final Set<String> IGNORED =
      Set.of("date", "connection", "keep-alive", "transfer-encoding", "matched-stub-id");

  /** Builds an outcome from headers as the client exposes them (any case, any order). */
  public static Outcome of(int status, Map<String, ? extends List<String>> headers, byte[] body) {
    Map<String, List<String>> kept = new TreeMap<>();
    headers.forEach(
        (name, values) -> {
          String lower = name.toLowerCase(Locale.ROOT);
          if (!IGNORED.contains(lower) && !lower.startsWith(":")) {
            kept.computeIfAbsent(lower, k -> new ArrayList<>()).addAll(values);
          }
        });
    kept.replaceAll((name, values) -> List.copyOf(values));
    return new Outcome(
        status,
        Map.copyOf(kept),
        new String(body == null ? new byte[0] : body, StandardCharsets.ISO_8859_1));
  }

  /** Returns this outcome without the named header, for framing that may legitimately change. */
  public Outcome without(String header) {
    Map<String, List<String>> kept = new TreeMap<>(headers);
    kept.remove(header.toLowerCase(Locale.ROOT));
    return new Outcome(status, Map.copyOf(kept), body);
  }

  /** Returns the body as UTF-8 text, as a client that reads a string body gives it. */
  public String text() {
    return new String(body.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
  }

  /** Returns the only value of {@code header}, or {@code null}. */
  public String header(String header) {
    List<String> values = headers.get(header.toLowerCase(Locale.ROOT));
    return values == null || values.isEmpty() ? null : values.get(0);
  }
}
