package io.github.collapseexecutor.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.github.collapseexecutor.http.HttpCollapseStats.TopKeys;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The sketch of the most counted keys: bounded, most first, never under a key's true count. */
final class TopKeysTest {

  @Test
  void keepsTheHeaviestKeysMostFirstWhateverHowManyKeysPassThrough() {
    TopKeys sketch = new TopKeys();
    // a key more frequent than one in SIZE of all counts is always held
    sketch.add("hot", 50_000);
    sketch.add("warm", 30_000);
    for (int key = 0; key < 100_000; key++) {
      sketch.add("cold " + key);
    }
    sketch.add("hot");

    Map<String, Long> top = sketch.top();

    assertThat(top).hasSize(TopKeys.SIZE);
    assertThat(top.keySet()).startsWith("hot", "warm");
    assertThat(top).containsEntry("hot", 50_001L).containsEntry("warm", 30_000L);
  }

  @Test
  void aKeyThatReplacesAnotherStartsFromItsCountSoNoCountIsUnderTheTrueOne() {
    TopKeys sketch = new TopKeys();
    for (int key = 0; key < TopKeys.SIZE; key++) {
      sketch.add("key " + key, 3);
    }

    sketch.add("newcomer", 2);

    assertThat(sketch.top()).hasSize(TopKeys.SIZE).containsEntry("newcomer", 5L);
  }

  @Test
  void refusesACountThatIsNotPositive() {
    TopKeys sketch = new TopKeys();

    assertThatIllegalArgumentException()
        .isThrownBy(() -> sketch.add("key", 0))
        .withMessageContaining("positive");
    assertThat(sketch.top()).isEmpty();
  }
}
