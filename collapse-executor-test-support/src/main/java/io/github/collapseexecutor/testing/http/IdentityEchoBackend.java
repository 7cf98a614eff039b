package io.github.collapseexecutor.testing.http;

import com.sun.net.httpserver.HttpExchange;
import java.util.List;
import java.util.StringJoiner;

/**
 * A server on loopback that answers with the identity each request carried, in whichever of
 * {@link #CHANNELS} or {@link #QUERY_CHANNELS} it came: {@code Authorization: alice} is answered
 * {@code Authorization=[alice]}, {@code ?access_token=alice} {@code access_token=[alice]}, with no
 * {@code Vary}, as an application that reads its caller from a header or the query would. Each
 * answer ends with the number of the call that made it ({@code #2}), so that callers can tell
 * whether they got one call's answer or two. Each call is held by {@link #arrivals()}.
 */
public final class IdentityEchoBackend extends HeldBackend {

  /** The path the endpoint answers under. */
  public static final String PATH = "/whoami/1";

  /**
   * A path under the endpoint for a report whose collapse policy lists the one query parameter
   * that counts, {@link #REPORT_PARAMETER}: the others, credentials aside, do not.
   */
  public static final String REPORT_PATH = "/whoami/report";

  /** The query parameter that the policy of {@link #REPORT_PATH} lists. */
  public static final String REPORT_PARAMETER = "report";

  /** The request headers an identity may come in, each a way callers differ. */
  public static final List<String> CHANNELS =
      List.of("Authorization", "Cookie", "X-Api-Key", "X-Forwarded-User", "X-Tenant-Id");

  /**
   * The request headers an application in front of this backend hands on to it, so that its
   * answer depends on them as the backend's does: the {@link #CHANNELS}, and the headers a caller
   * negotiates its answer with.
   */
  public static final List<String> HANDED_ON =
      List.of(
          "Authorization",
          "Cookie",
          "X-Api-Key",
          "X-Forwarded-User",
          "X-Tenant-Id",
          "Accept",
          "Accept-Language",
          "Proxy-Authorization");

  /**
   * The query parameters an identity may come in, each a credential that a server reads from the
   * query: an OAuth token, API keys, a presigned URL's signature and credential, a shared access
   * signature.
   */
  public static final List<String> QUERY_CHANNELS =
      List.of("access_token", "api_key", "key", "X-Amz-Signature", "X-Amz-Credential", "sig");

  public IdentityEchoBackend() {
    super("/whoami");
  }

  @Override
  protected String answer(HttpExchange exchange) {
    StringJoiner answer = new StringJoiner(" ");
    for (String channel : CHANNELS) {
      String value = exchange.getRequestHeaders().getFirst(channel);
      if (value != null) {
        answer.add(channel + "=[" + value + "]");
      }
    }
    String query = exchange.getRequestURI().getRawQuery();
    for (String pair : query == null ? new String[0] : query.split("&")) {
      int eq = pair.indexOf('=');
      if (eq > 0 && QUERY_CHANNELS.contains(pair.substring(0, eq))) {
        answer.add(pair.substring(0, eq) + "=[" + pair.substring(eq + 1) + "]");
      }
    }
    return answer.toString();
  }

  @Override
  protected String answer(HttpExchange exchange, int call) {
    return answer(exchange) + " #" + call;
  }
}
