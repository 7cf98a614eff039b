package io.github.collapseexecutor.http.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The hit-for-pass and Vary tables: bounded in size, oldest key out first. */
final class ExpiringTableTest {

  private static final long HOUR = TimeUnit.HOURS.toNanos(1);

  @Test
  void aFullTableForgetsItsOldestKeyFirst() {
    ExpiringTable<Integer, String> table = new ExpiringTable<>(HOUR, 3);

    for (int key = 0; key < 5; key++) {
      table.put(key, "v" + key);
    }

    assertThat(table.size()).isEqualTo(3);
    assertThat(table.get(0)).isNull();
    assertThat(table.get(1)).isNull();
    assertThat(table.get(2)).isEqualTo("v2");
    assertThat(table.get(4)).isEqualTo("v4");
  }

  @Test
  void puttingAKeyAgainKeepsItsPlaceAndTakesItsNewValue() {
    ExpiringTable<Integer, String> table = new ExpiringTable<>(HOUR, 2);
    table.put(1, "first");
    table.put(2, "two");

    table.put(1, "again");
    table.put(3, "three");

    assertThat(table.get(1)).as("the oldest place, though put again").isNull();
    assertThat(table.get(2)).isEqualTo("two");
    assertThat(table.get(3)).isEqualTo("three");
  }

  @Test
  void keysForgottenAndAddedAgainNeverGrowItPastItsBound() {
    ExpiringTable<Integer, String> table = new ExpiringTable<>(HOUR, 100);

    for (int round = 0; round < 10_000; round++) {
      int key = round % 7;
      table.put(key, "v" + round);
      table.remove(key);
      table.put(key, "again " + round);
    }
    for (int key = 1_000; key < 1_200; key++) {
      table.put(key, "filler");
    }

    assertThat(table.size()).isEqualTo(100);
    assertThat(table.get(1_199)).isEqualTo("filler");
    assertThat(table.get(1_100)).isEqualTo("filler");
    assertThat(table.get(1_099)).isNull();
  }

  @Test
  void anExpiredKeyIsGone() {
    ExpiringTable<Integer, String> table = new ExpiringTable<>(1, 10);

    table.put(1, "brief");
    long marked = System.nanoTime();
    while (System.nanoTime() - marked < 2) {
      Thread.onSpinWait();
    }

    assertThat(table.get(1)).isNull();
  }

  @Test
  void aTableOfNoTimeOrNoKeysRemembersNothing() {
    ExpiringTable<Integer, String> noTime = new ExpiringTable<>(0, 10);
    ExpiringTable<Integer, String> noKeys = new ExpiringTable<>(HOUR, 0);

    noTime.put(1, "v");
    noKeys.put(1, "v");

    assertThat(noTime.get(1)).isNull();
    assertThat(noKeys.get(1)).isNull();
  }
}
