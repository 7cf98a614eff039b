package io.github.collapseexecutor.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

final class CompileTimeTest {

  @Test
  void parse_readsTheTimeColumnOfJstatCompiler() {
    String report =
        String.join(
            "\n",
            "Compiled Failed Invalid   Time   FailedType FailedMethod",
            "    7479      1       0    38.14          1 org/example/Registry getSingleton",
            "");

    assertThat(CompileTime.parse(report)).isEqualTo(OptionalDouble.of(38.14));
  }

  @Test
  void parse_isEmptyWhenJstatCouldNotReadTheJvm() {
    assertThat(CompileTime.parse("12345 not found\n")).isEmpty();
    assertThat(CompileTime.parse("Compiled Failed Invalid Time\n  10 0 0 n/a\n")).isEmpty();
  }

  @Test
  void seconds_readsThisJvmsOwnCompileTime() {
    // this JVM has compiled something by the time a test runs
    OptionalDouble seconds = CompileTime.seconds(ProcessHandle.current().pid());

    assertThat(seconds).isPresent();
    assertThat(seconds.getAsDouble()).isPositive();
  }
}
