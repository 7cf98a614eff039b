package io.github.collapseexecutor.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.LoggedRecords;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;

/**
 * The adapter reads OkHttp's call class, which OkHttp's module exports to no module of
 * collapse-executor: on the class path it reads it, and where a module does not export it, calls
 * pass through and the adapter says how to let it read the class.
 */
class OkHttpModulePathTest {

  @Test
  void onTheClassPathTheCallClassIsRead() {
    assertThat(
            OkHttpTarget.callsReadable(
                OkHttpClient.class.getModule(), OkHttpTarget.class.getModule()))
        .isTrue();
  }

  @Test
  void aModuleThatDoesNotExportTheCallClassGetsTheFlagThatWould() {
    try (LoggedRecords logged = LoggedRecords.of(CollapseInterceptor.class)) {
      // java.base stands for a named module that exports no such package to this one
      assertThat(
              OkHttpTarget.callsReadable(Object.class.getModule(), OkHttpTarget.class.getModule()))
          .isFalse();

      assertThat(logged.records())
          .singleElement()
          .satisfies(
              record ->
                  assertThat(record.getMessage())
                      .contains("pass through uncollapsed")
                      .contains("--add-exports java.base/okhttp3.internal.connection=ALL-UNNAMED"));
    }
  }
}
