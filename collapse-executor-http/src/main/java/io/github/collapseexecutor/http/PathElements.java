package io.github.collapseexecutor.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A raw request path as Spring's {@code PathContainer} sees it for matching: a separator for each
 * {@code /}, and between them the non-empty segments, each without its {@code ;} parameters and
 * percent-decoded ({@code +} stays a plus, as in a path it is one).
 */
final class PathElements {

  private PathElements() {}

  /**
   * Returns the elements of {@code rawPath}, {@code null} for a separator and the value to match
   * for a segment; {@code null} if a segment holds a malformed escape, which Spring rejects.
   */
  static @Nullable String @Nullable [] of(String rawPath) {
    List<@Nullable String> elements = new ArrayList<>();
    int start = 0;
    for (int i = 0; i <= rawPath.length(); i++) {
      if (i == rawPath.length() || rawPath.charAt(i) == '/') {
        if (i > start) {
          String value = decode(valueOf(rawPath.substring(start, i)));
          if (value == null) {
            return null;
          }
          elements.add(value);
        }
        if (i < rawPath.length()) {
          elements.add(null);
        }
        start = i + 1;
      }
    }
    return elements.toArray(new String[0]);
  }

  /** The segment without its parameters ({@code ;jsessionid=...}). */
  private static String valueOf(String segment) {
    int semicolon = segment.indexOf(';');
    return semicolon < 0 ? segment : segment.substring(0, semicolon);
  }

  private static @Nullable String decode(String raw) {
    if (raw.indexOf('%') < 0) {
      return raw;
    }
    StringBuilder decoded = new StringBuilder(raw.length());
    ByteArrayOutputStream escaped = new ByteArrayOutputStream();
    int i = 0;
    while (i < raw.length()) {
      if (raw.charAt(i) != '%') {
        decoded.append(raw.charAt(i++));
        continue;
      }
      // a run of escapes is one UTF-8 sequence or more
      while (i < raw.length() && raw.charAt(i) == '%') {
        int high = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 1), 16) : -1;
        int low = high < 0 ? -1 : Character.digit(raw.charAt(i + 2), 16);
        if (low < 0) {
          return null;
        }
        escaped.write(high * 16 + low);
        i += 3;
      }
      decoded.append(escaped.toString(StandardCharsets.UTF_8));
      escaped.reset();
    }
    return decoded.toString();
  }
}
