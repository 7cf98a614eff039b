package io.github.collapseexecutor.samples.tracing;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the tracer recorded of a set of concurrent identical calls.
 *
 * @param sharedCalls spans of shared calls ({@code collapse.call} observations)
 * @param callers spans of the callers' own calls, by their {@code collapse.outcome}
 * @param joinedLinked spans of callers that joined and link to a shared call's span
 * @param serverSpans spans of the requests the backend served
 */
public record SpanReport(int sharedCalls, Map<String, Integer> callers, int joinedLinked,
    int serverSpans) {

  private static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("collapse.outcome");

  /** Summarises {@code spans}. */
  static SpanReport of(List<SpanData> spans) {
    List<SpanContext> shared = spans.stream()
        .filter(span -> span.getName().startsWith("collapse "))
        .map(SpanData::getSpanContext).toList();
    Map<String, Integer> callers = new TreeMap<>();
    int joinedLinked = 0;
    int server = 0;
    for (SpanData span : spans) {
      String outcome = span.getAttributes().get(OUTCOME);
      if (outcome != null && span.getKind() == SpanKind.CLIENT) {
        callers.merge(outcome, 1, Integer::sum);
        if (outcome.equals("joined") && span.getLinks().stream().map(LinkData::getSpanContext)
            .anyMatch(shared::contains)) {
          joinedLinked++;
        }
      } else if (span.getKind() == SpanKind.SERVER) {
        server++;
      }
    }
    return new SpanReport(shared.size(), callers, joinedLinked, server);
  }

  /** Returns the number of callers' spans, whatever their outcome. */
  public int callerSpans() {
    return callers.values().stream().mapToInt(Integer::intValue).sum();
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder(String.format(
        "%d concurrent identical calls, as the tracer recorded them:%n", callerSpans()));
    out.append(String.format("  %-44s %3d%n", "spans of the shared call (collapse.call)",
        sharedCalls));
    out.append(String.format("  %-44s %3d%n", "caller spans (http.client.requests)",
        callerSpans()));
    callers.forEach((outcome, count) -> out.append(String.format("    %-42s %3d%n",
        "collapse.outcome=" + outcome, count)));
    out.append(String.format("    %-42s %3d%n", "joined, linked to the shared call's span",
        joinedLinked));
    out.append(String.format("  %-44s %3d%n", "backend spans (http.server.requests)",
        serverSpans));
    return out.toString();
  }
}
