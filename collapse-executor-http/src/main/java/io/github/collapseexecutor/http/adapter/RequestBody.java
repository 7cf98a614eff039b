package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.RequestHeaders;

/**
 * Whether a request carries a body. No collapse key holds a body, and two bodies sent to one URL
 * may ask for two answers (a search API that reads its query from the body of a GET), so a
 * request with a body never collapses, whatever its method.
 */
final class RequestBody {

  /** The reason a request with a key passes because of its body, as its observation reports it. */
  static final String REASON = "request-body";

  private RequestBody() {}

  /**
   * Returns whether {@code headers} announce a body: a {@code Content-Length} over zero, one that
   * is not a number, or any {@code Transfer-Encoding}.
   */
  static boolean announced(RequestHeaders headers) {
    if (!headers.values("Transfer-Encoding").isEmpty()) {
      return true;
    }
    for (String length : headers.values("Content-Length")) {
      if (length != null && !length.isBlank() && !length.strip().equals("0")) {
        // "00" or a bad value: a body all the same, as far as the key can tell
        return true;
      }
    }
    return false;
  }
}
