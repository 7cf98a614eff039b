package io.github.collapseexecutor.grpc;

import io.github.collapseexecutor.http.SensitiveHeaders;
import io.grpc.Metadata;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.TreeSet;

/**
 * The metadata keys that carry a credential or an identity, by the rules of a
 * {@link SensitiveHeaders}, and their values as the keys of both interceptors hold them: callers
 * that send different values of one never share.
 */
final class SensitiveMetadata {

  private final SensitiveHeaders sensitive;

  SensitiveMetadata(SensitiveHeaders sensitive) {
    this.sensitive = sensitive;
  }

  /**
   * Returns the values of the sensitive keys of {@code metadata}, {@code name: value} in order of
   * name; a binary key's ({@code -bin}) in Base64.
   */
  List<String> values(Metadata metadata) {
    List<String> values = new ArrayList<>();
    for (String name : new TreeSet<>(metadata.keys())) {
      if (!sensitive.isSensitive(name)) {
        continue;
      }
      if (name.endsWith(Metadata.BINARY_HEADER_SUFFIX)) {
        for (byte[] value :
            metadata.getAll(Metadata.Key.of(name, Metadata.BINARY_BYTE_MARSHALLER))) {
          values.add(name + ": " + Base64.getEncoder().encodeToString(value));
        }
      } else {
        for (String value :
            metadata.getAll(Metadata.Key.of(name, Metadata.ASCII_STRING_MARSHALLER))) {
          values.add(name + ": " + value);
        }
      }
    }
    return values;
  }
}
