package io.github.collapseexecutor.grpc;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Everything a caller observed of a unary call: the headers, the messages, the status (code and
 * description) and the trailers, each metadata value as text (a binary one in base64), so that
 * two replies compare with {@code equals} and a difference reads plainly.
 *
 * @param headers the headers by key, or empty when none came
 * @param messages the messages, in order
 * @param status the status code and its description
 * @param trailers the trailers by key
 */
record ObservedReply(
    Map<String, List<String>> headers,
    List<String> messages,
    String status,
    Map<String, List<String>> trailers) {

  /**
   * Calls {@code method} on {@code channel} with {@code request} and the metadata {@code sent},
   * within 20 s, and returns what the caller observed.
   */
  static ObservedReply of(
      Channel channel, MethodDescriptor<String, String> method, Metadata sent, String request)
      throws Exception {
    ClientCall<String, String> call =
        channel.newCall(method, CallOptions.DEFAULT.withDeadlineAfter(20, TimeUnit.SECONDS));
    CompletableFuture<ObservedReply> observed = new CompletableFuture<>();
    call.start(
        new ClientCall.Listener<>() {
          private Map<String, List<String>> headers = Map.of();
          private final List<String> messages = new ArrayList<>();

          @Override
          public void onHeaders(Metadata received) {
            headers = text(received);
          }

          @Override
          public void onMessage(String message) {
            messages.add(message);
          }

          @Override
          public void onClose(Status status, Metadata trailers) {
            observed.complete(
                new ObservedReply(
                    headers,
                    List.copyOf(messages),
                    status.getCode() + " " + status.getDescription(),
                    text(trailers)));
          }
        },
        sent);
    call.request(2);
    call.sendMessage(request);
    call.halfClose();
    return observed.get(30, TimeUnit.SECONDS);
  }

  private static Map<String, List<String>> text(Metadata metadata) {
    Map<String, List<String>> text = new TreeMap<>();
    for (String key : metadata.keys()) {
      List<String> values = new ArrayList<>();
      if (key.endsWith(Metadata.BINARY_HEADER_SUFFIX)) {
        metadata
            .getAll(Metadata.Key.of(key, Metadata.BINARY_BYTE_MARSHALLER))
            .forEach(value -> values.add(Base64.getEncoder().encodeToString(value)));
      } else {
        metadata
            .getAll(Metadata.Key.of(key, Metadata.ASCII_STRING_MARSHALLER))
            .forEach(values::add);
      }
      text.put(key, List.copyOf(values));
    }
    return text;
  }
}
