package io.github.collapseexecutor.grpc;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.Status;
import java.io.ByteArrayInputStream;

/** Replays a shared run's reply on one caller's call, as the handler sent it on its own. */
final class ServerReplay {

  private ServerReplay() {}

  /** Sends the caller its own copy of what the shared run sent, in the order it sent it. */
  static <RespT> void send(ServerCall<?, RespT> call, ServerReply reply) {
    if (reply.compression() != null) {
      try {
        call.setCompression(reply.compression());
      } catch (IllegalArgumentException unknownHere) {
        // the handler's compressor is not one this call knows: it goes uncompressed
      }
    }
    Metadata sentHeaders = reply.headers();
    if (sentHeaders != null) {
      call.sendHeaders(SharedReply.copy(sentHeaders));
    }
    byte[] message = reply.message();
    if (message != null) {
      RespT parsed;
      try {
        parsed = call.getMethodDescriptor().parseResponse(new ByteArrayInputStream(message));
      } catch (RuntimeException e) {
        call.close(
            Status.INTERNAL.withDescription("the shared response could not be read").withCause(e),
            new Metadata());
        return;
      }
      call.sendMessage(parsed);
    }
    call.close(reply.status(), SharedReply.copy(reply.trailers()));
  }
}
