package io.github.collapseexecutor.samples.clinic;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A response of the clinic as its client got it, with what the pages mark by id.
 *
 * @param headers the response headers, names in any case
 */
public record Page(int status, String body, Map<String, List<String>> headers) {

  private static final Pattern SESSION = Pattern.compile("JSESSIONID=[^;]+");

  public Page {
    TreeMap<String, List<String>> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    byName.putAll(headers);
    headers = byName;
  }

  /** Returns the first value of header {@code name}, if any. */
  public Optional<String> header(String name) {
    return headers.getOrDefault(name, List.of()).stream().findFirst();
  }

  /** Returns the session cookie the response set, as {@code JSESSIONID=...}, if any. */
  public Optional<String> sessionCookie() {
    return headers.getOrDefault("Set-Cookie", List.of()).stream()
        .map(SESSION::matcher)
        .filter(Matcher::find)
        .map(Matcher::group)
        .findFirst();
  }

  /** Returns the text of the element with id {@code id}, if the page has one. */
  public Optional<String> byId(String id) {
    Matcher matcher =
        Pattern.compile("id=\"" + Pattern.quote(id) + "\"[^>]*>([^<]*)<").matcher(body);
    return matcher.find() ? Optional.of(matcher.group(1)) : Optional.empty();
  }
}
