package io.github.collapseexecutor.testing.http;

import static io.github.collapseexecutor.testing.http.EchoingBackend.PATH;
import static io.github.collapseexecutor.testing.http.EchoingBackend.answer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What decides a response besides the URL and the headers a policy names keeps callers apart, for
 * every client adapter, against a real server on loopback that answers per {@code Host} header
 * and per request body ({@link EchoingBackend}): 40 callers at once, two values among them, and
 * no caller may get the answer to another's request. Each adapter's test class supplies the
 * client; the servlet filter's supplies a client of an application behind it.
 */
@Timeout(60)
public abstract class ClientRequestIdentityContract {

  private static final int CALLERS = 40;

  private final EchoingBackend backend = new EchoingBackend();
  private CollapsingClient client;

  /** Creates the adapter under test from {@code options}, and a client of {@code baseUrl}. */
  protected abstract CollapsingClient createClient(HttpCollapseOptions options, String baseUrl);

  @BeforeEach
  void start() {
    client = createClient(HttpCollapseOptions.builder()
        .group(CollapseGroup.ofUris("/echo/*")).build(), backend.start());
  }

  @AfterEach
  void stop() throws Exception {
    client.close();
    backend.stop();
  }

  /**
   * Virtual hosts: one address, one URL, two sites told apart by the {@code Host} header the
   * client sends. Callers of one site still share a response.
   */
  @Test
  void callersWithDifferentHostHeadersEachGetTheirOwnHostsResponse() throws Exception {
    List<String> wrong = round(List.of("alpha.test", "beta.test"),
        host -> client.get(PATH, "Host", host), host -> answer(host, ""));

    assertThat(wrong).as("callers that got another host's response").isEmpty();
    assertThat(backend.calls()).as("backend calls, %s", client.stats())
        .isBetween(2, CALLERS - 1);
  }

  /**
   * A GET may carry a body (search APIs read their query from it), which no key holds: requests
   * with a body never collapse, those with equal bodies neither, and each counts as passed
   * through in its group.
   */
  @Test
  void getsWithABodyNeverShareAResponse() throws Exception {
    assumeTrue(client.sendsGetWithBody(), "the client sends no GET with a body");

    List<String> wrong = round(List.of("{\"q\":\"alpha\"}", "{\"q\":\"beta\"}"),
        body -> client.getWithBody(PATH, body), body -> "body=" + body);

    assertThat(wrong).as("callers that got the answer to another body").isEmpty();
    assertThat(backend.calls()).as("backend calls").isEqualTo(CALLERS);
    assertThat(client.stats().passedThrough()).isEqualTo(CALLERS);
    assertThat(client.stats().groups().get(0).passedThrough()).isEqualTo(CALLERS);
  }

  /** Sends one caller's request with its {@code value}; returns the body it got. */
  @FunctionalInterface
  private interface Call {
    String call(String value) throws Exception;
  }

  /**
   * Runs {@code CALLERS} callers at once, cycling through {@code values}, and returns a line for
   * each caller whose answer does not hold what {@code expected} makes of its own value.
   */
  private List<String> round(List<String> values, Call call, Function<String, String> expected)
      throws Exception {
    AtomicInteger next = new AtomicInteger();
    backend.arrivals().expect(CALLERS);
    List<List<String>> answers = Concurrently.run(CALLERS, () -> {
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
