package io.github.collapseexecutor.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

final class ToolArgumentsTest {

  @Test
  void anArgumentLeftOutTakesItsDefault() {
    ToolArguments arguments = new ToolArguments("8");

    assertThat(arguments.text(0, "unlimited")).isEqualTo("8");
    assertThat(arguments.positiveInt(1, "rounds", 8)).isEqualTo(8);
    assertThat(arguments.positive(2, "seconds", 1.5)).isEqualTo(1.5);
  }

  @Test
  void numbersAreReadAsGiven() {
    ToolArguments arguments = new ToolArguments("8", "3", "0.25");

    assertThat(arguments.positiveInt(1, "rounds", 8)).isEqualTo(3);
    assertThat(arguments.positive(2, "seconds", 1)).isEqualTo(0.25);
  }

  @Test
  void aBadNumberIsRefusedWithItsNameAndValue() {
    ToolArguments arguments = new ToolArguments("0", "1.5", "many");

    assertThatThrownBy(() -> arguments.positive(0, "seconds", 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("seconds must be positive: 0");
    assertThatThrownBy(() -> arguments.positiveInt(1, "rounds", 8))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("rounds must be a whole number: 1.5");
    assertThatThrownBy(() -> arguments.positiveInt(2, "rounds", 8))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("rounds must be a number: many");
  }
}
