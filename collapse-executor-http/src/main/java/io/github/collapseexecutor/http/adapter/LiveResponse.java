package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.UnsharedReason;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** What both client collapsers make of the live response of the caller that led. */
final class LiveResponse {

  private LiveResponse() {}

  /**
   * Returns why {@code response} must not be shared, or {@code null}: the sharing rules'
   * {@code refusal} of its headers, or a request that a stage below the adapter changed after it
   * was keyed.
   */
  static <R> @Nullable UnsharedReason refusal(
      @Nullable UnsharedReason refusal, ClientDriver<R> driver, R response) {
    return refusal == null && !driver.sentAsKeyed(response)
        ? UnsharedReason.REQUEST_CHANGED
        : refusal;
  }

  /** Returns the {@code Content-Length} of a response, or -1 if it has none, or a bad one. */
  static long announcedLength(List<Map.Entry<String, @Nullable String>> headers) {
    for (Map.Entry<String, @Nullable String> header : headers) {
      if (header.getKey().equalsIgnoreCase("Content-Length") && header.getValue() != null) {
        try {
          return Long.parseLong(header.getValue().trim());
        } catch (NumberFormatException notANumber) {
          return -1;
        }
      }
    }
    return -1;
  }
}
