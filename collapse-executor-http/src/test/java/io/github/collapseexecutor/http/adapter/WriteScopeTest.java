package io.github.collapseexecutor.http.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import io.github.collapseexecutor.http.WriteScope;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Which calls in progress a completed write keeps later requests from joining. */
@Timeout(10)
final class WriteScopeTest {

  private static final RequestHeaders NONE = RequestHeaders.of(name -> List.of(), List::of);

  @Test
  void aWriteEndsJoiningForEveryGroupByDefault() {
    try (CollapseProtocol protocol = protocol(WriteScope.ALL_GROUPS)) {
      protocol.join(key(protocol, "/owners/1"), NONE);
      protocol.join(key(protocol, "/vets"), NONE);

      protocol.written("/owners/1/pets");

      assertThat(protocol.join(key(protocol, "/owners/1"), NONE)).isInstanceOf(Lead.class);
      assertThat(protocol.join(key(protocol, "/vets"), NONE)).isInstanceOf(Lead.class);
    }
  }

  @Test
  void aWriteWhosePathIsUnknownEndsJoiningForEveryGroup() {
    try (CollapseProtocol protocol = protocol(WriteScope.ALL_GROUPS)) {
      protocol.join(key(protocol, "/vets"), NONE);

      protocol.written((String) null);

      assertThat(protocol.join(key(protocol, "/vets"), NONE)).isInstanceOf(Lead.class);
    }
  }

  @Test
  void inItsOwnGroupAWriteEndsJoiningOnlyForTheGroupItsPathFallsIn() {
    try (CollapseProtocol protocol = protocol(WriteScope.OWN_GROUP)) {
      protocol.join(key(protocol, "/owners/1"), NONE);
      protocol.join(key(protocol, "/vets"), NONE);

      protocol.written("/owners/1/pets");

      assertThat(protocol.join(key(protocol, "/owners/1"), NONE)).isInstanceOf(Lead.class);
      assertThat(protocol.join(key(protocol, "/vets"), NONE))
          .as("the other group's call may still be joined")
          .isInstanceOf(Wait.class);
    }
  }

  @Test
  void inItsOwnGroupAWriteNoGroupTakesEndsJoiningForNone() {
    try (CollapseProtocol protocol = protocol(WriteScope.OWN_GROUP)) {
      protocol.join(key(protocol, "/vets"), NONE);

      protocol.written("/login");

      assertThat(protocol.join(key(protocol, "/vets"), NONE)).isInstanceOf(Wait.class);
    }
  }

  @Test
  void onlyMethodsThatAreNotSafeAreWrites() {
    assertThat(List.of("GET", "HEAD", "OPTIONS", "TRACE", "get")).noneMatch(HttpCollapser::isWrite);
    assertThat(List.of("POST", "PUT", "PATCH", "DELETE", "PROPFIND", "post"))
        .allMatch(HttpCollapser::isWrite);
  }

  private static CollapseProtocol protocol(WriteScope scope) {
    return new CollapseProtocol(
        HttpCollapseOptions.builder()
            .group(CollapseGroup.ofUris("/owners/**"))
            .group(CollapseGroup.ofUris("/vets"))
            .writeScope(scope)
            .build(),
        "test");
  }

  private static CollapseKey key(CollapseProtocol protocol, String path) {
    return protocol
        .rules()
        .keyFor(RequestTarget.builder("GET", URI.create("http://backend.test" + path)).build());
  }
}
