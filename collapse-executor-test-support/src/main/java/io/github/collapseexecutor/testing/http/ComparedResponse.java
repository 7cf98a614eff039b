package io.github.collapseexecutor.testing.http;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What a client saw of a response, less the headers that are each request's own: for a test that
 * compares the response a request got with collapse on to the one it gets with collapse off.
 * Header names are lower-cased (each with its values in order), and the body is kept as text of
 * its bytes, so that two responses compare with {@code equals} and a difference reads plainly.
 *
 * @param status the status code
 * @param headers every header but the left-out ones, by lower-case name
 * @param body the body's bytes, each as two hex digits
 */
public record ComparedResponse(int status, Map<String, List<String>> headers, String body) {

  /** Returns what {@code response} holds, without the headers named in {@code leftOut} (any case). */
  public static ComparedResponse of(HttpResponse<byte[]> response, Set<String> leftOut) {
    Set<String> ignored =
        leftOut.stream().map(name -> name.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    Map<String, List<String>> headers =
        response.headers().map().entrySet().stream()
            .filter(header -> !ignored.contains(header.getKey().toLowerCase(Locale.ROOT)))
            .collect(
                Collectors.toMap(
                    header -> header.getKey().toLowerCase(Locale.ROOT),
                    Map.Entry::getValue,
                    (a, b) -> a,
                    TreeMap::new));
    StringBuilder body = new StringBuilder();
    for (byte b : response.body()) {
      body.append(String.format("%02x", b));
    }
    return new ComparedResponse(response.statusCode(), headers, body.toString());
  }
}
