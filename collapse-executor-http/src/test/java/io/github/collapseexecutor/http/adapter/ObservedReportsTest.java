package io.github.collapseexecutor.http.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.CollapseRules;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestTarget;
import io.github.collapseexecutor.http.UnsharedReason;
import java.net.URI;
import org.junit.jupiter.api.Test;

/** The line an observing adapter logs per group every few minutes. */
final class ObservedReportsTest {

  @Test
  void theLineSaysWhatCollapseWouldSaveAndWhyNotMore() {
    HttpCollapseOptions options =
        HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/products/*")).build();
    CollapseCounters counters = new CollapseCounters(1);
    CollapseKey key =
        new CollapseRules(options)
            .keyFor(RequestTarget.builder("GET", URI.create("http://shop/products/1")).build());
    for (int i = 0; i < 100; i++) {
      counters.passedThrough(key);
    }
    for (int i = 0; i < 72; i++) {
      counters.wouldJoin(key);
    }
    for (int i = 0; i < 71; i++) {
      counters.wouldSave(key);
    }
    counters.unshared(key, UnsharedReason.SET_COOKIE);
    counters.unshared(key, UnsharedReason.SET_COOKIE);
    counters.unshared(key, UnsharedReason.SET_COOKIE);

    assertThat(new ObservedReports("servlet", options.groups()).line("/products/*", counters))
        .isEqualTo(
            "servlet: observing collapse group '/products/*': would save 71% of 100 calls"
                + " (72 would join); not shared: set-cookie 3%");
  }
}
