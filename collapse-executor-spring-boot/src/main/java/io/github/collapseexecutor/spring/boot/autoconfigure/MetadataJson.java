package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a configuration metadata file: JSON objects, arrays, strings, numbers and literals, into
 * maps, lists and strings. Written here because the application may have no JSON library, and
 * Spring Boot's fallback parser misreads the nested values and hints these files hold.
 */
final class MetadataJson {

  private final String text;
  private int at;

  private MetadataJson(String text) {
    this.text = text;
  }

  /**
   * Returns the object {@code text} holds.
   *
   * @throws IllegalArgumentException if {@code text} is not a JSON object
   */
  @SuppressWarnings("unchecked")
  static Map<String, Object> parse(String text) {
    Object value = new MetadataJson(text).value();
    if (!(value instanceof Map)) {
      throw new IllegalArgumentException("not a JSON object");
    }
    return (Map<String, Object>) value;
  }

  private Object value() {
    char c = next();
    if (c == '{') {
      Map<String, Object> object = new LinkedHashMap<>();
      while (next() != '}') {
        at--;
        String key = string();
        expect(':');
        object.put(key, value());
        if (next() != ',') {
          at--;
        }
      }
      return object;
    }
    if (c == '[') {
      List<Object> array = new ArrayList<>();
      while (next() != ']') {
        at--;
        array.add(value());
        if (next() != ',') {
          at--;
        }
      }
      return array;
    }
    at--;
    if (c == '"') {
      return string();
    }
    int start = at;
    while (at < text.length() && ",}] \t\r\n".indexOf(text.charAt(at)) < 0) {
      at++;
    }
    // numbers and literals are kept as written: nothing here needs their values
    return text.substring(start, at);
  }

  private String string() {
    expect('"');
    StringBuilder string = new StringBuilder();
    for (char c = text.charAt(at++); c != '"'; c = text.charAt(at++)) {
      if (c == '\\') {
        char escaped = text.charAt(at++);
        switch (escaped) {
          case 'n' -> string.append('\n');
          case 't' -> string.append('\t');
          case 'r' -> string.append('\r');
          case 'b' -> string.append('\b');
          case 'f' -> string.append('\f');
          case 'u' -> {
            string.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
            at += 4;
          }
          default -> string.append(escaped);
        }
      } else {
        string.append(c);
      }
    }
    return string.toString();
  }

  private void expect(char expected) {
    char c = next();
    if (c != expected) {
      throw new IllegalArgumentException("expected '" + expected + "' at " + (at - 1) + ": " + c);
    }
  }

  /** Returns the next character that is not white space. */
  private char next() {
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
      at++;
    }
    if (at >= text.length()) {
      throw new IllegalArgumentException("unexpected end of JSON");
    }
    return text.charAt(at++);
  }
}
