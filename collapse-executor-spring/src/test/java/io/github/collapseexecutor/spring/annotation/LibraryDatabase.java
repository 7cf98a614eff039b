package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.testing.Services;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import javax.sql.DataSource;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * A database of its own for one test: H2 in memory, or a schema of its own on the local
 * PostgreSQL (127.0.0.1:5432, database {@code test}, user {@code postgres}), dropped on close;
 * a test on PostgreSQL is skipped where it does not answer.
 */
final class LibraryDatabase implements AutoCloseable {

  private static final String POSTGRESQL = "jdbc:postgresql://127.0.0.1:5432/test";

  private final String url;
  private final String user;
  private final @org.jspecify.annotations.Nullable String schema;

  private LibraryDatabase(
      String url, String user, @org.jspecify.annotations.Nullable String schema) {
    this.url = url;
    this.user = user;
    this.schema = schema;
  }

  /** Returns a database of the kind {@code name} names: {@code h2} or {@code postgresql}. */
  static LibraryDatabase named(String name) {
    String own = "collapse_" + UUID.randomUUID().toString().replace("-", "");
    if (name.equals("h2")) {
      return new LibraryDatabase("jdbc:h2:mem:" + own + ";DB_CLOSE_DELAY=-1", "sa", null);
    }
    try (Connection connection =
            DriverManager.getConnection(
                POSTGRESQL + "?connectTimeout=2&loginTimeout=2", "postgres", "");
        Statement statement = connection.createStatement()) {
      statement.execute("create schema " + own);
    } catch (SQLException e) {
      Services.absent("PostgreSQL does not answer on 127.0.0.1:5432: " + e.getMessage());
    }
    return new LibraryDatabase(POSTGRESQL + "?currentSchema=" + own, "postgres", own);
  }

  /** Returns a data source that opens a connection of its own for each call. */
  DataSource dataSource() {
    DriverManagerDataSource dataSource = new DriverManagerDataSource(url, user, "");
    return dataSource;
  }

  @Override
  public void close() throws SQLException {
    if (schema != null) {
      try (Connection connection = DriverManager.getConnection(POSTGRESQL, "postgres", "");
          Statement statement = connection.createStatement()) {
        statement.execute("drop schema " + schema + " cascade");
      }
    } else {
      try (Connection connection = DriverManager.getConnection(url, user, "");
          Statement statement = connection.createStatement()) {
        statement.execute("shutdown");
      }
    }
  }
}
