package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The {@code collapse.executor} keys that no property binds, such as typos, found before any bean
 * is created; {@link UnknownKeysFailureAnalyzer} describes them.
 */
final class UnknownKeysException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  private final transient List<UnknownKey> keys;

  UnknownKeysException(List<UnknownKey> keys) {
    super(keys.stream().map(UnknownKey::message).collect(Collectors.joining("; ")));
    this.keys = List.copyOf(keys);
  }

  /** Returns the unknown keys, in the order of the property sources. */
  List<UnknownKey> keys() {
    return keys;
  }
}
