package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.List;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The keys of the classic collapse-executor that bind nothing here, each with what to write
 * instead: an application that moves keeps its YAML, and the startup failure says what each old
 * key became rather than guessing at the nearest name. docs/migrating.md has the whole table.
 */
final class ClassicKeys {

  private record Classic(Pattern key, String instead) {}

  private static final List<Classic> KEYS =
      List.of(
          new Classic(
              Pattern.compile("collapse\\.executor\\.thread-pool(\\..+)?"),
              "the classic thread pools are gone; an async executor runs on daemon threads of its own,"
                  + " or on the Executor of its options"),
          new Classic(
              Pattern.compile("collapse\\.executor\\.rest-template\\.apply-bean-names(\\[\\d+])?"),
              "write collapse.executor.rest-template.apply-to-beans"),
          new Classic(
              Pattern.compile("collapse\\.executor\\.servlet\\.batch-size"),
              "remove it; one call per key serves every request that waits for it"),
          new Classic(
              Pattern.compile(
                  "collapse\\.executor\\.[a-z-]+\\.collapse-groups\\[\\d+]\\.patterns(\\[\\d+])?"),
              "write uris (Spring's route syntax) or uri-regexes (regular expressions)"));

  private ClassicKeys() {}

  /**
   * Returns what to write instead of {@code name}, in its canonical form
   * ({@code collapse.executor.servlet.collapse-groups[0].patterns[1]}), if it is a classic key;
   * otherwise {@code null}.
   */
  static @Nullable String instead(String name) {
    for (Classic classic : KEYS) {
      if (classic.key().matcher(name).matches()) {
        return classic.instead();
      }
    }
    return null;
  }
}
