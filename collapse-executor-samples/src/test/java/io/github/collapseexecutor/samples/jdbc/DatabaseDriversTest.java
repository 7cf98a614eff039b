package io.github.collapseexecutor.samples.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every database the samples' docs name has a driver that takes its URL, without a server. */
final class DatabaseDriversTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "jdbc:h2:mem:x",
        "jdbc:mariadb://127.0.0.1:3306/test",
        "jdbc:mysql://127.0.0.1:3306/test",
        "jdbc:postgresql://127.0.0.1:5432/test"
      })
  void aDriverTakesTheUrl(String url) throws SQLException {
    assertThat(DriverManager.getDriver(url).acceptsURL(url)).isTrue();
  }
}
