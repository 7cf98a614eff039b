package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.origin.Origin;

/**
 * A {@code collapse.executor} key that no property binds.
 *
 * @param name the key as its source wrote it
 * @param origin where it was set ({@code class path resource [application.yml] - 4:5}), or
 *     {@code null} if the source does not say
 * @param suggestions the nearest known keys; may be empty
 * @param classic what to write instead, if the key is one of the classic collapse-executor's
 *     ({@link ClassicKeys}); then the suggestions are not given
 */
record UnknownKey(
    String name, @Nullable Origin origin, List<String> suggestions, @Nullable String classic) {

  /** Returns the sentence that reports the key, with the suggestions. */
  String message() {
    if (classic != null) {
      return name
          + " is a key of the classic collapse-executor: "
          + classic
          + " (see docs/migrating.md)";
    }
    String message = name + " is not a known key";
    if (suggestions.isEmpty()) {
      return message;
    }
    return message + "; did you mean " + String.join(" or ", suggestions) + "?";
  }
}
