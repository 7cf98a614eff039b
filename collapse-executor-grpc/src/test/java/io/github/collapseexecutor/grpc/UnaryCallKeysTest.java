package io.github.collapseexecutor.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.SensitiveHeaders;
import io.grpc.CallCredentials;
import io.grpc.CallOptions;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.inprocess.InProcessChannelBuilder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Which metadata keeps callers apart, and which call options join the key. */
final class UnaryCallKeysTest {

  private final ManagedChannel channel = InProcessChannelBuilder.forName("keys").build();
  private final UnaryCallKeys keys = new UnaryCallKeys(SensitiveHeaders.defaults(), null);

  @AfterEach
  void stop() {
    channel.shutdownNow();
  }

  @Test
  void credentialAndIdentityMetadataJoinTheKey() {
    for (String name :
        List.of(
            "authorization",
            "cookie",
            "x-api-key",
            "x-tenant-id",
            "x-forwarded-user",
            "x-session-token")) {
      assertThat(key(ascii(name, "a"))).as(name).isNotEqualTo(key(ascii(name, "b")));
    }
  }

  @Test
  void binaryMetadataJoinsTheKeyByItsBytes() {
    assertThat(key(binary("x-session-bin", "a")))
        .isNotEqualTo(key(binary("x-session-bin", "b")))
        .isNotEqualTo(key(new Metadata()));
    assertThat(key(binary("x-session-bin", "a"))).isEqualTo(key(binary("x-session-bin", "a")));
  }

  @Test
  void otherMetadataDoesNotKeepCallersApart() {
    assertThat(key(ascii("x-request-id", "1")))
        .isEqualTo(key(ascii("x-request-id", "2")))
        .isEqualTo(key(new Metadata()));
  }

  @Test
  void metadataTheApplicationDeclaresJoinsOrLeavesTheKey() {
    UnaryCallKeys declared =
        new UnaryCallKeys(
            SensitiveHeaders.defaults()
                .withAdded(List.of("x-region"))
                .withRemoved(List.of("x-trace-token")),
            null);

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

  @Test
  void theCallerIdentityJoinsTheKeyInTheCallersContext() {
    Context.Key<String> tenant = Context.key("tenant");
    CollapsingCall.Target<String, String> target =
        new CollapsingCall.Target<>(EchoBackend.ECHO, CallOptions.DEFAULT, channel);
    UnaryCallKeys declared =
        new UnaryCallKeys(SensitiveHeaders.defaults(), options -> tenant.get());
    Metadata none = new Metadata();

    UnaryCallKey a = declared.of(target, "hello", none, Context.ROOT.withValue(tenant, "a"));
    UnaryCallKey b = declared.of(target, "hello", none, Context.ROOT.withValue(tenant, "b"));
    UnaryCallKey nobody = declared.of(target, "hello", none, Context.ROOT);

    assertThat(a)
        .isNotEqualTo(b)
        .isNotEqualTo(nobody)
        .isEqualTo(declared.of(target, "hello", none, Context.ROOT.withValue(tenant, "a")));
    assertThat(nobody)
        .as("null is an identity like any other")
        .isEqualTo(declared.of(target, "hello", none, Context.ROOT))
        .isEqualTo(key(none));
    assertThat(Context.current()).as("the caller's context detached again").isSameAs(Context.ROOT);
  }

  @Test
  void theCallerIdentityReadsTheCallersOptions() {
    CallOptions.Key<String> user = CallOptions.Key.create("user");
    UnaryCallKeys declared =
        new UnaryCallKeys(SensitiveHeaders.defaults(), options -> options.getOption(user));
    Metadata none = new Metadata();

    assertThat(
            declared.of(
                new CollapsingCall.Target<>(
                    EchoBackend.ECHO, CallOptions.DEFAULT.withOption(user, "a"), channel),
                "hello",
                none,
                Context.ROOT))
        .isNotEqualTo(
            declared.of(
                new CollapsingCall.Target<>(
                    EchoBackend.ECHO, CallOptions.DEFAULT.withOption(user, "b"), channel),
                "hello",
                none,
                Context.ROOT));
  }

  @Test
  void aCallWhoseIdentityThrowsHasNoKey() {
    UnaryCallKeys declared =
        new UnaryCallKeys(
            SensitiveHeaders.defaults(),
            options -> {
              throw new IllegalStateException("no caller");
            });

    assertThat(
            declared.of(
                new CollapsingCall.Target<>(EchoBackend.ECHO, CallOptions.DEFAULT, channel),
                "hello",
                new Metadata(),
                Context.ROOT))
        .isNull();
  }

  @Test
  void theFleetTextOfEqualKeysIsEqualAndOfKeysApartIsApart() {
    Metadata none = new Metadata();
    ManagedChannel elsewhere = InProcessChannelBuilder.forName("keys").build();
    try {
      UnaryCallKey onElsewhere =
          new UnaryCallKeys(SensitiveHeaders.defaults(), null)
              .of(
                  new CollapsingCall.Target<>(EchoBackend.ECHO, CallOptions.DEFAULT, elsewhere),
                  "hello",
                  none,
                  Context.ROOT);
      // another instance's channel of the same name writes alike
      assertThat(FleetSharedCall.text(onElsewhere, "grpc", "echo"))
          .isNotNull()
          .isEqualTo(FleetSharedCall.text(key(none), "grpc", "echo"));
    } finally {
      elsewhere.shutdownNow();
    }
    List<List<String>> apart = new ArrayList<>();
    apart.add(FleetSharedCall.text(key(none), "grpc", "echo"));
    apart.add(FleetSharedCall.text(key(none), "grpc", "other-channel"));
    apart.add(FleetSharedCall.text(key(none), "other-interceptor", "echo"));
    apart.add(FleetSharedCall.text(key(ascii("authorization", "a")), "grpc", "echo"));
    apart.add(
        FleetSharedCall.text(key(CallOptions.DEFAULT.withWaitForReady(), none), "grpc", "echo"));
    apart.add(
        FleetSharedCall.text(
            key(CallOptions.DEFAULT.withMaxInboundMessageSize(10), none), "grpc", "echo"));
    assertThat(apart).doesNotContainNull().doesNotHaveDuplicates();
  }

  /** What another instance cannot compare keeps the call on its instance. */
  @Test
  void callCredentialsOrAnIdentityComparedByIdentityHaveNoFleetText() {
    UnaryCallKeys byIdentity =
        new UnaryCallKeys(SensitiveHeaders.defaults(), options -> new Object());
    UnaryCallKey unwritable =
        byIdentity.of(
            new CollapsingCall.Target<>(EchoBackend.ECHO, CallOptions.DEFAULT, channel),
            "hello",
            new Metadata(),
            Context.ROOT);
    UnaryCallKey withCredentials =
        key(
            CallOptions.DEFAULT.withCallCredentials(
                new CallCredentials() {
                  @Override
                  public void applyRequestMetadata(
                      RequestInfo info, Executor executor, MetadataApplier applier) {
                    applier.apply(new Metadata());
                  }
                }),
            new Metadata());

    assertThat(FleetSharedCall.text(unwritable, "grpc", "echo")).isNull();
    assertThat(FleetSharedCall.text(withCredentials, "grpc", "echo")).isNull();
  }

  private UnaryCallKey key(Metadata headers) {
    return key(CallOptions.DEFAULT, headers);
  }

  private UnaryCallKey key(CallOptions options, Metadata headers) {
    return keys.of(
        new CollapsingCall.Target<>(EchoBackend.ECHO, options, channel),
        "hello",
        headers,
        Context.ROOT);
  }

  private static Metadata ascii(String name, String value) {
    Metadata metadata = new Metadata();
    metadata.put(Metadata.Key.of(name, Metadata.ASCII_STRING_MARSHALLER), value);
    return metadata;
  }

  private static Metadata binary(String name, String value) {
    Metadata metadata = new Metadata();
    metadata.put(
        Metadata.Key.of(name, Metadata.BINARY_BYTE_MARSHALLER),
        value.getBytes(StandardCharsets.UTF_8));
    return metadata;
  }
}
