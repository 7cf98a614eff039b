package io.github.collapseexecutor.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.SensitiveHeaders;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.inprocess.InProcessChannelBuilder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Which metadata keeps callers apart, and which call options join the key. */
final class CallKeysTest {

  private final ManagedChannel channel = InProcessChannelBuilder.forName("keys").build();
  private final CallKeys keys = new CallKeys(SensitiveHeaders.defaults());

  @AfterEach
  void stop() {
    channel.shutdownNow();
  }

  @Test
  void credentialAndIdentityMetadataJoinTheKey() {
    for (String name : List.of("authorization", "cookie", "x-api-key", "x-tenant-id",
        "x-forwarded-user", "x-session-token")) {
      assertThat(key(ascii(name, "a"))).as(name).isNotEqualTo(key(ascii(name, "b")));
    }
  }

  @Test
  void binaryMetadataJoinsTheKeyByItsBytes() {
    assertThat(key(binary("x-session-bin", "a"))).isNotEqualTo(key(binary("x-session-bin", "b")))
        .isNotEqualTo(key(new Metadata()));
    assertThat(key(binary("x-session-bin", "a"))).isEqualTo(key(binary("x-session-bin", "a")));
  }

  @Test
  void otherMetadataDoesNotKeepCallersApart() {
    assertThat(key(ascii("x-request-id", "1"))).isEqualTo(key(ascii("x-request-id", "2")))
        .isEqualTo(key(new Metadata()));
  }

  @Test
  void metadataTheApplicationDeclaresJoinsOrLeavesTheKey() {
    CallKeys declared = new CallKeys(SensitiveHeaders.defaults()
        .withAdded(List.of("x-region")).withRemoved(List.of("x-trace-token")));

    assertThat(declared.sensitiveValues(ascii("x-region", "eu"))).containsExactly("x-region: eu");
    assertThat(declared.sensitiveValues(ascii("x-trace-token", "t"))).isEmpty();
  }

  @Test
  void callOptionsThatChangeTheOutcomeJoinTheKey() {
    Metadata none = new Metadata();
    assertThat(key(CallOptions.DEFAULT.withWaitForReady(), none)).isNotEqualTo(key(none));
    assertThat(key(CallOptions.DEFAULT.withMaxInboundMessageSize(10), none))
        .isNotEqualTo(key(none));
    assertThat(key(CallOptions.DEFAULT.withAuthority("other"), none)).isNotEqualTo(key(none));
    assertThat(key(CallOptions.DEFAULT.withCompression("gzip"), none)).isEqualTo(key(none));
  }

  private CallKey key(Metadata headers) {
    return key(CallOptions.DEFAULT, headers);
  }

  private CallKey key(CallOptions options, Metadata headers) {
    return keys.of(new CollapsingCall.Target<>(EchoBackend.ECHO, options, channel), "hello",
        headers);
  }

  private static Metadata ascii(String name, String value) {
    Metadata metadata = new Metadata();
    metadata.put(Metadata.Key.of(name, Metadata.ASCII_STRING_MARSHALLER), value);
    return metadata;
  }

  private static Metadata binary(String name, String value) {
    Metadata metadata = new Metadata();
    metadata.put(Metadata.Key.of(name, Metadata.BINARY_BYTE_MARSHALLER),
        value.getBytes(StandardCharsets.UTF_8));
    return metadata;
  }
}
