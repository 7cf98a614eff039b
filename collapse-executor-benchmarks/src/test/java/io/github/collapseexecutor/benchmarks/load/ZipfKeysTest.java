package io.github.collapseexecutor.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class ZipfKeysTest {

  private final ZipfKeys keys = new ZipfKeys(100, 1.0);

  @Test
  void share_followsOneOverTheRank() {
    double harmonic = 0;
    for (int k = 1; k <= 100; k++) {
      harmonic += 1.0 / k;
    }

    assertThat(keys.share(1)).isCloseTo(1 / harmonic, within(1e-12));
    assertThat(keys.share(10)).isCloseTo(0.1 / harmonic, within(1e-12));
    assertThat(keys.share(100)).isCloseTo(0.01 / harmonic, within(1e-12));
  }

  @Test
  void key_mapsEachDrawToTheFirstKeyWhoseCumulativeShareReachesIt() {
    assertThat(keys.key(0.0)).isEqualTo(1);
    assertThat(keys.key(keys.share(1))).isEqualTo(1);
    assertThat(keys.key(Math.nextUp(keys.share(1)))).isEqualTo(2);
    assertThat(keys.key(Math.nextDown(1.0))).isEqualTo(100);
  }

  @Test
  void next_putsTheKeyInTheQueryOfTheSamePath() {
    URI next = keys.next(URI.create("http://127.0.0.1:8080/test/noop100"));

    assertThat(next.getPath()).isEqualTo("/test/noop100");
    assertThat(next.getQuery()).matches("key=([1-9][0-9]?|100)");
  }

  @Test
  void writeWrkScript_holdsTheCumulativeSharesAndEndsAtOne(@TempDir Path dir) throws IOException {
    String script = Files.readString(keys.writeWrkScript(dir.resolve("keys.lua")));

    String table = script.substring(script.indexOf('{') + 1, script.indexOf('}'));
    String[] cumulative = table.split(", ");
    assertThat(cumulative).hasSize(100);
    assertThat(Double.parseDouble(cumulative[0])).isCloseTo(keys.share(1), within(1e-15));
    assertThat(Double.parseDouble(cumulative[99])).isEqualTo(1.0);
    assertThat(script).contains("function request()", "?key=");
  }

  @Test
  void constructor_rejectsNoKeys() {
    assertThatThrownBy(() -> new ZipfKeys(0, 1.0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("keys must be positive: 0");
  }
}
