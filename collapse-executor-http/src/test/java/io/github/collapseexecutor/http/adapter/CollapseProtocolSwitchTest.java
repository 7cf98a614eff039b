package io.github.collapseexecutor.http.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseListener;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import io.github.collapseexecutor.http.UnsharedReason;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the protocol does with the run-time switch of a group, and what it tells an
 * {@link HttpCollapseListener}.
 */
@Timeout(10)
final class CollapseProtocolSwitchTest {

  private static final RequestHeaders NONE = RequestHeaders.of(name -> List.of(), List::of);
  private static final CollapseGroup USERS = CollapseGroup.ofUris("/users/*");
  private static final CollapseGroup ORDERS = CollapseGroup.ofUris("/orders/*");

  private final List<String> heard = new CopyOnWriteArrayList<>();
  private final HttpCollapseOptions options =
      HttpCollapseOptions.builder()
          .name("api")
          .group(USERS)
          .group(ORDERS)
          .listener(
              new HttpCollapseListener() {
                @Override
                public void requestUnshared(
                    String executor, CollapseGroup group, UnsharedReason reason) {
                  heard.add(executor + " " + group.uris() + " " + reason.tag());
                }
              })
          .build();
  private final CollapseProtocol protocol = new CollapseProtocol(options, "test");

  @AfterEach
  void close() {
    protocol.close();
  }

  @Test
  void aGroupSwitchedOffPassesItsRequestsAndOnAgainCollapsesThem() {
    CollapseKey user = key("/users/1");
    options.collapseSwitch().turnOff(USERS);

    assertThat(protocol.join(user, NONE)).isSameAs(Pass.PASS);
    assertThat(protocol.join(user, NONE)).isSameAs(Pass.PASS);
    assertThat(protocol.join(key("/orders/1"), NONE))
        .as("the other group still collapses")
        .isInstanceOf(Lead.class);
    assertThat(protocol.counters().groups().get(0).passedThrough()).isEqualTo(2);

    options.collapseSwitch().turnOn(USERS);

    assertThat(protocol.join(user, NONE)).isInstanceOf(Lead.class);
    assertThat(protocol.join(user, NONE)).isInstanceOf(Wait.class);
  }

  @Test
  void aSwitchedOffGroupLetsTheSharedCallInProgressFinishForThoseWhoJoinedIt() throws Exception {
    CollapseKey user = key("/users/1");
    Lead lead = (Lead) protocol.join(user, NONE);
    Wait wait = (Wait) protocol.join(user, NONE);

    options.collapseSwitch().turnOff(USERS);
    SharedResponse snapshot =
        new SharedResponse(ClientDriver.Head.of(200, "OK", List.of()), new byte[] {1}, null, NONE);
    lead.share(snapshot);

    assertThat(wait.answer(wait.future().get(5, TimeUnit.SECONDS))).isEqualTo(new Replay(snapshot));
    assertThat(protocol.join(user, NONE)).isSameAs(Pass.PASS);
  }

  @Test
  void everyUnsharedRequestReachesTheListenerWithItsGroupAndReason() throws Exception {
    CollapseKey order = key("/orders/1");
    Lead lead = (Lead) protocol.join(order, NONE);
    Wait wait = (Wait) protocol.join(order, NONE);

    lead.refuse(lead.refusal(List.of(Map.entry("Set-Cookie", "s=1"))));
    wait.answer(wait.future().get(5, TimeUnit.SECONDS));
    protocol.join(order, NONE);

    assertThat(heard)
        .containsExactly(
            "api [/orders/*] set-cookie",
            "api [/orders/*] set-cookie",
            "api [/orders/*] hit-for-pass");
  }

  private CollapseKey key(String path) {
    return protocol
        .rules()
        .keyFor(
            RequestTarget.builder("GET", URI.create("http://backend.test" + path))
                .headers(NONE)
                .build());
  }
}
