package io.github.collapseexecutor.servlet;

import jakarta.servlet.http.HttpServletResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The headers a servlet response holds, as its container gives them. What the chain produced is
 * read as a difference on the container's response rather than by watching the setters, because
 * the container adds some headers without passing through any wrapper (the session cookie of a
 * session the chain created).
 */
final class ContainerHeaders {

  private ContainerHeaders() {}

  /**
   * Returns the headers {@code response} holds: names as it gives them, each with its values, and
   * the content type among them, which some containers keep apart until they commit.
   */
  static Map<String, List<String>> of(HttpServletResponse response) {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (String name : response.getHeaderNames()) {
      // a name comes once per value; getHeaders(name) returns all of them
      headers.putIfAbsent(name, List.copyOf(response.getHeaders(name)));
    }
    boolean contentType = headers.keySet().stream().anyMatch("Content-Type"::equalsIgnoreCase);
    if (!contentType && response.getContentType() != null) {
      headers.put("Content-Type", List.of(response.getContentType()));
    }
    return headers;
  }
}
