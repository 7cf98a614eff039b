package io.github.collapseexecutor.testing.http;

import com.sun.net.httpserver.HttpExchange;
import java.util.List;
import java.util.StringJoiner;

/**
 * A server on loopback that answers with the identity each request carried, in whichever of
 * {@link #CHANNELS} it came: {@code Authorization: alice} is answered {@code Authorization=[alice]},
 * with no {@code Vary}, as an application that reads its caller from a header would. Each call is
 * held by {@link #arrivals()}.
 */
public final class IdentityEchoBackend extends HeldBackend {

  /** The path the endpoint answers under. */
  public static final String PATH = "/whoami/1";

  /** The request headers an identity may come in, each a way callers differ. */
  public static final List<String> CHANNELS = List.of("Authorization", "Cookie", "X-Api-Key",
      "X-Forwarded-User", "X-Tenant-Id");

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
    return answer.toString();
  }
}
