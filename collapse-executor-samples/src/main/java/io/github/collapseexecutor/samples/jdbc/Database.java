package io.github.collapseexecutor.samples.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * Connection pools and small SQL helpers shared by the database samples. The samples speak the SQL
 * that H2, MariaDB, MySQL and PostgreSQL all accept, so one code path serves every database.
 */
public final class Database {

  private static final Pattern IDENTIFIER = Pattern.compile("[a-z][a-z0-9_]{0,40}");

  private Database() {}

  /**
   * Returns the URL of a new embedded in-memory H2 database that lives until the JVM ends. Lock
   * waits are raised to 10 s, as a server database's are, so that contended rows wait rather than
   * fail.
   */
  public static String embeddedUrl() {
    return "jdbc:h2:mem:samples-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=10000";
  }

  /**
   * Opens a pool of at most {@code maxConnections} connections, with whichever driver on the class
   * path takes the URL: H2, MariaDB, MySQL ({@code jdbc:mysql:}) or PostgreSQL.
   */
  public static HikariDataSource open(
      String url, String user, String password, int maxConnections) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(url);
    config.setUsername(user);
    config.setPassword(password);
    config.setMaximumPoolSize(maxConnections);
    config.setMinimumIdle(0);
    config.setPoolName("samples");
    return new HikariDataSource(config);
  }

  /**
   * Opens a pool from a main class's arguments, {@code [jdbcUrl [user [password]]]}; with no
   * arguments, on a new embedded H2 database.
   */
  public static HikariDataSource fromArgs(String[] args, int maxConnections) {
    String url = args.length > 0 ? args[0] : embeddedUrl();
    String user = args.length > 1 ? args[1] : null;
    String password = args.length > 2 ? args[2] : null;
    return open(url, user, password, maxConnections);
  }

  /**
   * Returns {@code name} if it is safe to put into SQL as a table name or prefix: lower case
   * letters, digits and underscores, starting with a letter.
   *
   * @throws IllegalArgumentException otherwise
   */
  public static String identifier(String name) {
    if (!IDENTIFIER.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "not a plain lower-case SQL identifier (" + IDENTIFIER + "): " + name);
    }
    return name;
  }

  /** Returns a table prefix no other run uses, such as {@code s3f9a01c2_}. */
  public static String uniquePrefix() {
    return "s" + UUID.randomUUID().toString().replace("-", "").substring(0, 10) + "_";
  }

  /** Returns whether {@code e} reports a violated constraint (SQLSTATE class 23). */
  public static boolean isConstraintViolation(SQLException e) {
    return e.getSQLState() != null && e.getSQLState().startsWith("23");
  }

  /** Runs {@code statements} in order, each in its own auto-committed statement. */
  public static void execute(DataSource dataSource, String... statements) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  /** Returns {@code count} comma-separated copies of {@code group}, such as {@code ?, ?, ?}. */
  public static String repeat(String group, int count) {
    return String.join(", ", java.util.Collections.nCopies(count, group));
  }

  /** Rolls back after a failure, keeping a failing rollback as a suppressed exception. */
  public static void rollbackAfter(Connection connection, Exception failure) {
    try {
      connection.rollback();
    } catch (SQLException rollbackFailure) {
      failure.addSuppressed(rollbackFailure);
    }
  }
}
