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
 * What the tracer recorded of a set of concurrent identical requests to the controller.
 *
 * @param sharedCalls spans of shared calls ({@code collapse.call} observations)
 * @param requests the server spans of the requests ({@code http.server.requests}), by their
 *     {@code collapse.outcome}
 * @param links the links of those request spans
 * @param linksToShared those of the links that point to a shared call's span
 * @param joinedLinked request spans that joined and link to a shared call's span
 */
public record SpanReport(
    int sharedCalls,
    Map<String, Integer> requests,
    int links,
    int linksToShared,
    int joinedLinked) {

  private static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("collapse.outcome");

  /** Summarises {@code spans}. */
  static SpanReport of(List<SpanData> spans) {
    List<SpanContext> shared =
        spans.stream()
            .filter(span -> span.getName().startsWith("collapse "))
            .map(SpanData::getSpanContext)
            .toList();
    Map<String, Integer> requests = new TreeMap<>();
    int links = 0;
    int linksToShared = 0;
    int joinedLinked = 0;
    for (SpanData span : spans) {
      if (span.getKind() != SpanKind.SERVER) {
        continue;
      }
      String outcome = span.getAttributes().get(OUTCOME);
      requests.merge(outcome == null ? "none" : outcome, 1, Integer::sum);
      List<SpanContext> targets = span.getLinks().stream().map(LinkData::getSpanContext).toList();
      links += targets.size();
      long toShared = targets.stream().filter(shared::contains).count();
      linksToShared += (int) toShared;
      if ("joined".equals(outcome) && toShared > 0) {
        joinedLinked++;
      }
    }
    return new SpanReport(shared.size(), requests, links, linksToShared, joinedLinked);
  }

  /** Returns the number of request spans, whatever their outcome. */
  public int requestSpans() {
    return requests.values().stream().mapToInt(Integer::intValue).sum();
  }

  @Override
  public String toString() {
    StringBuilder out =
        new StringBuilder(
            String.format(
                "%d concurrent identical requests, as the tracer recorded them:%n",
                requestSpans()));
    out.append(
        String.format("  %-46s %3d%n", "spans of the shared call (collapse.call)", sharedCalls));
    out.append(
        String.format("  %-46s %3d%n", "request spans (http.server.requests)", requestSpans()));
    requests.forEach(
        (outcome, count) ->
            out.append(String.format("    %-44s %3d%n", "collapse.outcome=" + outcome, count)));
    out.append(
        String.format("    %-44s %3d%n", "joined, linked to the shared call's span", joinedLinked));
    out.append(String.format("  %-46s %3d%n", "links of the request spans", links));
    out.append(String.format("    %-44s %3d%n", "to the shared call's span", linksToShared));
    return out.toString();
  }
}
