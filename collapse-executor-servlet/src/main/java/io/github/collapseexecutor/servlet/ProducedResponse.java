package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.http.adapter.ProducedHeaders;
import io.github.collapseexecutor.servlet.ReplayObservation.Recorded;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.Charset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What the collapsed part of a chain (the filters after the collapse filter and the servlet) did
 * to the response of the request that ran it, which a replay does again to a waiting request's:
 * the headers it produced, and what it cleared of what the filters before had set.
 *
 * <p>The headers are taken as a difference on the container's response rather than by watching
 * the setters, because the container adds some headers without passing through any wrapper (the
 * session cookie of a session the chain created).
 *
 * @param headers the headers it produced, replaced and removed
 * @param reset whether it called {@code reset()}: a replay removes every header the waiting
 *     request's own filters had set before the chain
 * @param bodyReset whether it called {@code reset()} or {@code resetBuffer()}: a replay clears
 *     what the waiting request's own filters had written of the body
 * @param bodyCharset the charset of the writer it wrote the body through, or null if it wrote
 *     bytes: a waiting request whose own filters took the writer gets the body decoded in it
 * @param settings what it set that the container turns into headers only when it commits the
 *     response (the locale's {@code Content-Language}, say)
 * @param told what it told the server's own observation, or null: a replay tells the waiting
 *     request's observation the same
 */
record ProducedResponse(ProducedHeaders.Produced headers, boolean reset, boolean bodyReset,
    @Nullable Charset bodyCharset, ResponseSettings settings, @Nullable Recorded told) {

  /** Returns the headers {@code response} holds: names as it gives them, each with its values. */
  static Map<String, List<String>> headersOf(HttpServletResponse response) {
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
