package io.github.collapseexecutor.samples.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import io.github.collapseexecutor.testing.Services;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The databases the database samples are tested on: an H2 file database in the test's temporary
 * directory always, and the local MariaDB and PostgreSQL when they answer (the test is skipped
 * otherwise). Tests put their tables under {@link Database#uniquePrefix()} and drop them after.
 */
public enum TestDatabase {
  H2(null, null),
  // a server that is not there refuses the connection at once, whatever the timeout; one that is
  // there gets 20 s, as the MariaDB driver's timeout covers the whole handshake, and a pool that
  // cannot connect on its first try fails the test
  MARIADB("jdbc:mariadb://127.0.0.1:3306/test?connectTimeout=20000", "root"),
  POSTGRESQL("jdbc:postgresql://127.0.0.1:5432/test?connectTimeout=20", "postgres");

  private static final Map<TestDatabase, String> UNREACHABLE = new ConcurrentHashMap<>();

  private final String serverUrl;
  private final String user;

  TestDatabase(String serverUrl, String user) {
    this.serverUrl = serverUrl;
    this.user = user;
  }

  /**
   * Opens a pool on this database; for H2, on a database file in {@code directory}, so that a
   * second pool on the same directory finds the data of the first after it closed.
   *
   * @throws org.opentest4j.TestAbortedException if this database server does not answer
   */
  public HikariDataSource open(Path directory, int maxConnections) {
    if (this == H2) {
      return Database.open(
          "jdbc:h2:file:" + directory.resolve("samples") + ";LOCK_TIMEOUT=10000",
          null,
          null,
          maxConnections);
    }
    String problem = UNREACHABLE.computeIfAbsent(this, TestDatabase::probe);
    Services.assume(
        problem.isEmpty(), name() + " is not reachable at " + serverUrl + ": " + problem);
    return Database.open(serverUrl, user, "", maxConnections);
  }

  private String probe() {
    try (Connection connection = DriverManager.getConnection(serverUrl, user, "")) {
      return connection.isValid(2) ? "" : "connection not valid";
    } catch (SQLException e) {
      return e.getMessage();
    }
  }
}
