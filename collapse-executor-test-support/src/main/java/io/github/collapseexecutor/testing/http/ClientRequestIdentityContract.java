package io.github.collapseexecutor.testing.http;

import static io.github.collapseexecutor.testing.http.EchoingBackend.PATH;
import static io.github.collapseexecutor.testing.http.EchoingBackend.answer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.collapseexecutor.http.CollapseGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What decides a response besides the URL and the headers a policy names keeps callers apart, for
 * every client adapter, against a real server on loopback that answers per {@code Host} header
 * and per request body ({@link EchoingBackend}): 40 callers at once, two values among them, and
 * no caller may get the answer to another's request. The servlet and WebFlux filters' tests drive
 * a client of an application behind the filter.
 */
public interface ClientRequestIdentityContract extends ClientContract {

  /** How many callers a round sets off at once. */
  int IDENTITY_CALLERS = 40;

  /**
   * Virtual hosts: one address, one URL, two sites told apart by the {@code Host} header the
   * client sends. Callers of one site still share a response.
   */
  @Test
  @Timeout(60)
  default void callersWithDifferentHostHeadersEachGetTheirOwnHostsResponse() throws Exception {
    EchoingBackend backend = new EchoingBackend();
    try (DrivenClient client = openEchoing(backend)) {
      List<String> wrong =
          identityRound(
              backend,
              List.of("alpha.test", "beta.test"),
              host -> client.send(Call.get(PATH, "Host", host)).text(),
              host -> answer(host, ""));

      assertThat(wrong).as("callers that got another host's response").isEmpty();
      assertThat(backend.calls())
          .as("backend calls, %s", client.stats())
          .isBetween(2, IDENTITY_CALLERS - 1);
    } finally {
      backend.stop();
    }
  }

  /**
   * A GET may carry a body (search APIs read their query from it), which no key holds: requests
   * with a body never collapse, those with equal bodies neither, and each counts as passed
   * through in its group.
   */
  @Test
  @Timeout(60)
  default void getsWithABodyNeverShareAResponse() throws Exception {
    assumeTrue(fixture().sendsGetWithBody(), "the client sends no GET with a body");
    EchoingBackend backend = new EchoingBackend();
    try (DrivenClient client = openEchoing(backend)) {
      List<String> wrong =
          identityRound(
              backend,
              List.of("{\"q\":\"alpha\"}", "{\"q\":\"beta\"}"),
              body -> client.send(Call.get(PATH).withBody(body)).text(),
              body -> "body=" + body);

      assertThat(wrong).as("callers that got the answer to another body").isEmpty();
      assertThat(backend.calls()).as("backend calls").isEqualTo(IDENTITY_CALLERS);
      assertThat(client.stats().passedThrough()).isEqualTo(IDENTITY_CALLERS);
      assertThat(client.stats().groups().get(0).passedThrough()).isEqualTo(IDENTITY_CALLERS);
    } finally {
      backend.stop();
    }
  }

  private DrivenClient openEchoing(EchoingBackend backend) throws Exception {
    return open(backend.start(), options().group(CollapseGroup.ofUris("/echo/*")).build());
  }

  /** Sends one caller's request with its {@code value}; returns the body it got. */
  @FunctionalInterface
  interface ValueCall {
    String call(String value) throws Exception;
  }

  /**
   * Runs {@link #IDENTITY_CALLERS} callers at once, cycling through {@code values}, and returns a
   * line for each caller whose answer does not hold what {@code expected} makes of its own value.
   */
  private static List<String> identityRound(
      EchoingBackend backend,
      List<String> values,
      ValueCall call,
      Function<String, String> expected)
      throws Exception {
    AtomicInteger next = new AtomicInteger();
    backend.arrivals().expect(IDENTITY_CALLERS);
    List<List<String>> answers =
        Concurrently.run(
            IDENTITY_CALLERS,
            () -> {
              String value = values.get(next.getAndIncrement() % values.size());
              backend.arrivals().arrive();
              return List.of(value, call.call(value));
            });
    List<String> wrong = new ArrayList<>();
    for (List<String> answer : answers) {
      if (!answer.get(1).contains(expected.apply(answer.get(0)))) {
        wrong.add(answer.get(0) + " got: " + answer.get(1));
      }
    }
    return wrong;
  }
}
