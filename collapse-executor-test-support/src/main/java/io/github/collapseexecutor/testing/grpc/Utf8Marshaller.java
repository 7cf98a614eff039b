package io.github.collapseexecutor.testing.grpc;

import io.grpc.MethodDescriptor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Messages as UTF-8 strings, for test services that need no generated code. Each parse makes a
 * new string, as a generated marshaller makes a new message, so tests can tell whether two
 * callers hold the same message object.
 */
public enum Utf8Marshaller implements MethodDescriptor.Marshaller<String> {
  INSTANCE;

  @Override
  public InputStream stream(String value) {
    return new ByteArrayInputStream(value.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public String parse(InputStream stream) {
    try {
      return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
