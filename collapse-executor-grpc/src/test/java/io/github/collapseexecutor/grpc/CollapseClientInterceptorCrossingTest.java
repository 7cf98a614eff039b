package io.github.collapseexecutor.grpc;

import static io.github.collapseexecutor.grpc.TrailingBackend.ANSWER;
import static io.github.collapseexecutor.grpc.TrailingBackend.FAIL;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.HandOverFleet;
import io.grpc.Channel;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What crosses between instances through the fleet tier: a caller on one instance that gets the
 * reply another instance's call received observes what its own call would have given it, or else
 * makes its own call. Two interceptors of one name, two instances, each on a channel of one fleet
 * name, share a {@link HandOverFleet} that gives the second the bytes the first one's call handed
 * to the tier; each reply of the second is compared with what an interceptor without the tier
 * observes for the same call. The cases need no Redis.
 */
@Timeout(60)
final class CollapseClientInterceptorCrossingTest {

  private final TrailingBackend backend = new TrailingBackend();
  private final HandOverFleet fleet = new HandOverFleet();
  private final List<AutoCloseable> closing = new ArrayList<>();
  private Channel reference;
  private Channel first;
  private Channel second;

  @BeforeEach
  void start() {
    reference = channel(CollapseClientInterceptor.builder().build());
    first = channel(CollapseClientInterceptor.builder().fleet(fleet, "trailing").build());
    second = channel(CollapseClientInterceptor.builder().fleet(fleet, "trailing").build());
  }

  @AfterEach
  void stop() throws Exception {
    for (int i = closing.size() - 1; i >= 0; i--) {
      closing.get(i).close();
    }
    backend.close();
  }

  /** The headers, the message, the status and the trailers all arrive as the backend sent them. */
  @Test
  void anEqualCallTakesTheReplyAnotherInstancesCallReceivedWithItsStatusAndTrailers()
      throws Exception {
    Metadata alice = metadata("authorization", "Bearer alice");
    ObservedReply alone = call(reference, ANSWER, alice);
    lead(ANSWER, alice);
    int calls = backend.calls();

    ObservedReply crossed = call(second, ANSWER, alice);

    assertThat(crossed).isEqualTo(alone);
    assertThat(crossed.headers()).containsKeys("x-served-by", "x-served-bin");
    assertThat(crossed.trailers()).containsKeys("x-trailer", "x-trailer-bin");
    assertThat(crossed.status()).isEqualTo("OK null");
    assertThat(backend.calls()).as("backend calls").isEqualTo(calls);
    assertThat(fleet.handedOver()).isEqualTo(1);
  }

  /**
   * A caller whose credential in the metadata differs, or who sends none, never gets the reply
   * of a call sent with another: it makes its own, and observes what the backend answers it.
   */
  @ParameterizedTest
  @ValueSource(strings = {"authorization", "x-api-key"})
  void aCallWithOtherCredentialsInItsMetadataNeverCrosses(String credential) throws Exception {
    lead(ANSWER, metadata(credential, "alice"));

    ObservedReply bob = call(second, ANSWER, metadata(credential, "bob"));
    assertThat(bob).isEqualTo(call(reference, ANSWER, metadata(credential, "bob")));
    assertThat(bob.messages()).containsExactly("[bob] quote");
    ObservedReply nobody = call(second, ANSWER, new Metadata());
    assertThat(nobody).isEqualTo(call(reference, ANSWER, new Metadata()));
    assertThat(nobody.messages()).containsExactly("[nobody] quote");
    assertThat(backend.calls()).as("backend calls").isEqualTo(5);
  }

  /** A failure reaches the callers of its own instance only; the other makes its own call. */
  @Test
  void aFailedCallDoesNotCross() throws Exception {
    lead(FAIL, new Metadata());

    assertThat(call(second, FAIL, new Metadata())).isEqualTo(call(reference, FAIL, new Metadata()));
    assertThat(backend.calls()).as("backend calls").isEqualTo(3);
    assertThat(fleet.handedOver()).isZero();
  }

  /**
   * Calls {@code method} on the first instance and waits until the call the tier ran for it has
   * ended, so that what it hands over is there for the next call of the second.
   */
  private void lead(MethodDescriptor<String, String> method, Metadata sent) throws Exception {
    int ended = fleet.callsEnded();
    call(first, method, sent);
    fleet.awaitCallsEnded(ended + 1);
  }

  private static ObservedReply call(
      Channel channel, MethodDescriptor<String, String> method, Metadata sent) throws Exception {
    return ObservedReply.of(channel, method, sent, "quote");
  }

  private static Metadata metadata(String key, String value) {
    Metadata metadata = new Metadata();
    metadata.put(Metadata.Key.of(key, Metadata.ASCII_STRING_MARSHALLER), value);
    return metadata;
  }

  private Channel channel(CollapseClientInterceptor interceptor) {
    closing.add(interceptor);
    ManagedChannel channel = backend.channel(interceptor);
    closing.add(channel::shutdownNow);
    return channel;
  }
}
