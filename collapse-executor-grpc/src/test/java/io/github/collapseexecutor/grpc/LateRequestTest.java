package io.github.collapseexecutor.grpc;

import static io.github.collapseexecutor.grpc.EchoBackend.ECHO;
import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A caller's listener gets the message only once the caller asked for it with {@code request},
 * as the {@code ClientCall} contract says, even when the shared call answered before.
 */
@Timeout(60)
final class LateRequestTest {

  private final EchoBackend backend = EchoBackend.inProcess();
  private final CollapseClientInterceptor collapse = CollapseClientInterceptor.builder().build();
  private final ManagedChannel channel = backend.inProcessChannel(collapse);

  @AfterEach
  void stop() {
    channel.shutdownNow();
    collapse.close();
    backend.close();
  }

  @Test
  void theMessageWaitsForTheCallersRequest() throws Exception {
    backend.hold(1);
    List<String> heard = new CopyOnWriteArrayList<>();
    CompletableFuture<Status> closed = new CompletableFuture<>();
    ClientCall<String, String> late = channel.newCall(ECHO, CallOptions.DEFAULT);
    late.start(new ClientCall.Listener<>() {
      @Override
      public void onMessage(String message) {
        heard.add(message);
      }

      @Override
      public void onClose(Status status, Metadata trailers) {
        closed.complete(status);
      }
    }, new Metadata());
    late.sendMessage("hello");
    late.halfClose();
    assertThat(backend.awaitArrivals()).isTrue();
    Callers<String> other = Callers.start(1, i -> () ->
        CollapseClientInterceptorTest.echo(channel, "hello")).awaitParked();
    backend.release();

    assertThat(other.values()).containsExactly("[nobody] hello");
    assertThat(heard).as("messages before any request").isEmpty();
    assertThat(closed).isNotDone();

    late.request(1);

    assertThat(closed.get(10, TimeUnit.SECONDS).getCode()).isEqualTo(Status.Code.OK);
    assertThat(heard).containsExactly("[nobody] hello");
    assertThat(backend.calls()).isEqualTo(1);
  }
}
