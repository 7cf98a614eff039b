package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import java.util.List;
import java.util.Map;

/**
 * Rounds of the protocol's turns for one key, with no client and no thread but the caller's: the
 * first request of a round leads, the others join, the leader shares a response ready in memory
 * and the others are answered with it. For the benchmarks that measure the protocol alone; the
 * protocol is package-private, hence the package of this class.
 */
public final class SharedRounds implements AutoCloseable {

  private final CollapseProtocol protocol;
  private final CollapseKey key;
  private final RequestHeaders request;
  private final SharedResponse response;

  /** Rounds of requests with {@code key} and {@code request}, answered with this response. */
  public SharedRounds(
      HttpCollapseOptions options,
      CollapseKey key,
      RequestHeaders request,
      int status,
      List<Map.Entry<String, String>> headers,
      byte[] body) {
    this.protocol = new CollapseProtocol(options, "benchmark");
    this.key = key;
    this.request = request;
    this.response =
        new SharedResponse(
            ClientDriver.Head.of(status, null, List.copyOf(headers)), body, null, request);
  }

  /**
   * Runs one round, each request with its own observation of {@code callers}; returns how many
   * requests were answered with the leader's response.
   */
  public int round(Object[] callers) {
    Lead lead = (Lead) protocol.join(key, request, callers[0]);
    Wait[] waits = new Wait[callers.length - 1];
    for (int i = 0; i < waits.length; i++) {
      waits[i] = (Wait) protocol.join(key, request, callers[i + 1]);
    }
    lead.share(response);
    int replayed = 0;
    for (Wait wait : waits) {
      replayed += wait.answer(wait.future().getNow(null)) instanceof Replay ? 1 : 0;
    }
    return replayed;
  }

  @Override
  public void close() {
    protocol.close();
  }
}
