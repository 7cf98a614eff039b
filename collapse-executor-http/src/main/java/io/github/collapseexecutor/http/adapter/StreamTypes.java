package io.github.collapseexecutor.http.adapter;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The media types of responses that are streams: a client reads their events as they arrive, so
 * such a response is never buffered to share ({@code UnsharedReason.STREAM}); the caller that
 * asked for it gets it as it streams, and the callers that waited make their own calls.
 */
final class StreamTypes {

  private static final List<String> STREAMS =
      List.of(
          "text/event-stream",
          "application/x-ndjson",
          "application/stream+json",
          "application/jsonl",
          "application/json-seq",
          "multipart/x-mixed-replace");

  private StreamTypes() {}

  /** Returns whether {@code contentType}, a {@code Content-Type} value or null, is a stream. */
  static boolean isStream(@Nullable String contentType) {
    if (contentType == null) {
      return false;
    }
    int end = contentType.indexOf(';');
    String type =
        (end < 0 ? contentType : contentType.substring(0, end)).trim().toLowerCase(Locale.ROOT);
    return STREAMS.contains(type);
  }

  /** Returns whether the {@code Content-Type} among {@code headers} is a stream. */
  static boolean isStream(List<Map.Entry<String, @Nullable String>> headers) {
    for (Map.Entry<String, @Nullable String> header : headers) {
      if (header.getKey().equalsIgnoreCase("Content-Type")) {
        return isStream(header.getValue());
      }
    }
    return false;
  }
}
