package io.github.collapseexecutor.samples.clinic;

import com.zaxxer.hikari.HikariDataSource;
import io.github.collapseexecutor.samples.jdbc.Database;
import io.github.collapseexecutor.samples.jdbc.TestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The databases a clinic of the tests runs on: the embedded H2 it has by default, each clinic
 * its own; and the local PostgreSQL when it answers (the test is skipped otherwise), each clinic
 * in a schema of its own, dropped when it stops.
 */
enum ClinicDatabase {
  H2,
  POSTGRESQL;

  /** A place on this database for one clinic: the arguments that point it there. */
  interface Place extends AutoCloseable {

    List<String> arguments();

    @Override
    void close();
  }

  /**
   * Returns a new place for one clinic.
   *
   * @throws org.opentest4j.TestAbortedException if this database server does not answer
   */
  Place place() {
    if (this == H2) {
      return new Place() {
        @Override
        public List<String> arguments() {
          return List.of();
        }

        @Override
        public void close() {}
      };
    }
    HikariDataSource admin = TestDatabase.POSTGRESQL.open(Path.of("target"), 1);
    String schema = Database.uniquePrefix() + "clinic";
    execute(admin, "create schema " + schema);
    return new Place() {
      @Override
      public List<String> arguments() {
        return List.of(
            "--spring.datasource.url=" + admin.getJdbcUrl() + "&currentSchema=" + schema,
            "--spring.datasource.username=" + admin.getUsername(),
            "--spring.datasource.password=");
      }

      @Override
      public void close() {
        try (admin) {
          execute(admin, "drop schema " + schema + " cascade");
        }
      }
    };
  }

  private static void execute(HikariDataSource admin, String sql) {
    try (Connection connection = admin.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException(sql + " failed on " + admin.getJdbcUrl(), e);
    }
  }
}
