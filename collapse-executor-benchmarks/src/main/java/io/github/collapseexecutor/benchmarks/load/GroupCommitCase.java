package io.github.collapseexecutor.benchmarks.load;

import com.zaxxer.hikari.HikariDataSource;
import io.github.collapseexecutor.samples.Load;
import io.github.collapseexecutor.samples.jdbc.Database;
import io.github.collapseexecutor.samples.order.GroupCommitDemo;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Group commit on server databases: {@value #SUBMITTERS} threads submit single orders, each in a
 * transaction of its own over a pool of {@value #CONNECTIONS} connections, then through the
 * samples' {@code OrderWriter}, one transaction at a time ({@link GroupCommitDemo} runs both and
 * checks the tables add up). Each commit waits for the database's log flush: MariaDB with
 * {@code innodb_flush_log_at_trx_commit=1}, PostgreSQL with {@code synchronous_commit=on}.
 */
final class GroupCommitCase {

  /** The concurrent order submissions of the reference figures. */
  static final int SUBMITTERS = 700;

  /** The pool of the single-row commits; a writer uses one connection. */
  static final int CONNECTIONS = 16;

  /** A local database server the case runs on when it is reachable. */
  enum Server {
    MARIADB(
        "MariaDB",
        "jdbc:mariadb://127.0.0.1:3306/test",
        "root",
        "",
        "innodb_flush_log_at_trx_commit"),
    POSTGRESQL(
        "PostgreSQL",
        "jdbc:postgresql://127.0.0.1:5432/test",
        "postgres",
        "",
        "synchronous_commit");

    final String title;
    final String url;
    final String user;
    final String password;

    /** The setting that makes a commit wait for the log flush. */
    final String durabilitySetting;

    Server(String title, String url, String user, String password, String durabilitySetting) {
      this.title = title;
      this.url = url;
      this.user = user;
      this.password = password;
      this.durabilitySetting = durabilitySetting;
    }
  }

  /**
   * What the case measured on one server, or why it was skipped.
   *
   * @param version the server's version, or the reason it was skipped
   * @param durability the commit durability setting during the run, as {@code name=value}
   * @param rounds both sides in each round, or null when the server was skipped
   */
  record Result(Server server, String version, String durability, Rounds rounds) {}

  private final Settings settings;

  GroupCommitCase(Settings settings) {
    this.settings = settings;
  }

  List<Result> run() throws SQLException, InterruptedException {
    List<Result> results = new ArrayList<>();
    for (Server server : Server.values()) {
      results.add(run(server));
    }
    return results;
  }

  private Result run(Server server) throws SQLException, InterruptedException {
    DriverManager.setLoginTimeout(3);
    Connection connection;
    try {
      connection = DriverManager.getConnection(server.url, server.user, server.password);
    } catch (SQLException e) {
      Progress.line("%s skipped: %s", server.title, e.getMessage());
      return new Result(server, "skipped: " + e.getMessage(), "", null);
    }
    try (Connection admin = connection) {
      String version = admin.getMetaData().getDatabaseProductVersion();
      String before = setting(admin, server);
      boolean changed = server == Server.MARIADB && !before.equals("1");
      if (changed) {
        // every commit flushes the redo log for the run; put back what the server had after it
        execute(admin, "SET GLOBAL innodb_flush_log_at_trx_commit = 1");
      }
      try {
        String durability =
            server.durabilitySetting
                + "="
                + setting(admin, server)
                + (changed ? " (was " + before + ", set for the run)" : "");
        return new Result(server, version, durability, measure(server));
      } finally {
        if (changed) {
          execute(admin, "SET GLOBAL innodb_flush_log_at_trx_commit = " + before);
        }
      }
    }
  }

  private Rounds measure(Server server) throws SQLException, InterruptedException {
    try (HikariDataSource pool =
        Database.open(server.url, server.user, server.password, CONNECTIONS)) {
      List<Comparison> rounds = new ArrayList<>();
      for (int round = 1; round <= settings.rounds(); round++) {
        // each round on fresh tables, after a warm-up of each side
        List<Load.Result> results =
            GroupCommitDemo.run(pool, SUBMITTERS, settings.warmUp(), settings.measure());
        Comparison comparison =
            new Comparison(measurement(results.get(1)), measurement(results.get(0)));
        Progress.line(
            "%-10s round %d %d users: %s",
            server.title,
            round,
            SUBMITTERS,
            Progress.describe(comparison.with(), comparison.without()));
        rounds.add(comparison);
      }
      return new Rounds(rounds);
    }
  }

  private static Measurement measurement(Load.Result result) {
    // the samples' load runner measures the 99th percentile only
    return new Measurement(
        SUBMITTERS,
        result.requests(),
        0,
        result.seconds(),
        Double.NaN,
        result.p99Micros() / 1000.0,
        result.backendCalls());
  }

  private static String setting(Connection connection, Server server) throws SQLException {
    String query =
        server == Server.MARIADB
            ? "SELECT @@GLOBAL.innodb_flush_log_at_trx_commit"
            : "SHOW synchronous_commit";
    try (Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery(query)) {
      row.next();
      return row.getString(1);
    }
  }

  private static void execute(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }
}
