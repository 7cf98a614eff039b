package io.github.collapseexecutor.testing.redis;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A standalone redis-server of a test's own on a free loopback port, with the settings the test
 * gives: a password, ACL users, an eviction policy, TLS. The test may stop and restart it, pause
 * it, fill it or reconfigure it: no Redis it did not start is touched. Close it to stop it, also
 * when the test failed. Skipped (a JUnit assumption) where redis-server is not installed.
 *
 * <pre>{@code
 * try (RedisServer redis = RedisServer.builder().requirePass("secret")
 *     .user("fleet on >pw ~collapse:* &collapse:* +ping").start()) {
 *   connect(redis.uri());
 * }
 * }</pre>
 */
public final class RedisServer implements AutoCloseable {

  private final RedisProcess process;
  private final boolean tls;

  private RedisServer(RedisProcess process, boolean tls) {
    this.process = process;
    this.tls = tls;
  }

  /** Starts a server with no password, no users but the default one, and no TLS. */
  public static RedisServer start() throws IOException {
    return builder().start();
  }

  /** Returns a builder of a server's settings. */
  public static Builder builder() {
    return new Builder();
  }

  /** Returns the port it listens on, on 127.0.0.1 (its TLS port, with TLS). */
  public int port() {
    return process.port();
  }

  /** Returns its URI: {@code redis://127.0.0.1:port}, or {@code rediss://} with TLS. */
  public String uri() {
    return (tls ? "rediss" : "redis") + "://127.0.0.1:" + port();
  }

  /**
   * Returns a new connection for the test's own commands, as the default user (with the
   * password, if the server has one); close it after.
   */
  public RedisAdmin admin() throws IOException {
    return process.admin();
  }

  /** Sends one command as the default user and returns its reply. */
  public Object command(String... args) throws IOException {
    try (RedisAdmin admin = admin()) {
      return admin.call(args);
    }
  }

  /** Stops the server, as a crash would: its clients lose their connections. */
  public void stop() {
    process.stop();
  }

  /**
   * Freezes the server, as {@code SIGSTOP} does: its connections stay open and it answers
   * nothing until {@link #thaw()}; closing it stops it all the same.
   */
  public void freeze() throws IOException {
    process.signal("STOP");
  }

  /** Lets a frozen server go on ({@code SIGCONT}). */
  public void thaw() throws IOException {
    process.signal("CONT");
  }

  /** Starts the server again on the same port, with the same settings and no data. */
  public void restart() throws IOException {
    process.restart();
  }

  @Override
  public void close() {
    process.stop();
  }

  /** The settings of a server; {@link #start()} starts it. */
  public static final class Builder {

    private final List<String> options = new ArrayList<>();
    private String password;
    private TestCertificates certificates;
    private boolean authClients;

    private Builder() {}

    /** Sets the default user's password ({@code requirepass}). */
    public Builder requirePass(String password) {
      this.password = password;
      return option("--requirepass", password);
    }

    /**
     * Adds an ACL user, as a {@code user} line of redis.conf: {@code "fleet on >pw ~app:* +get"}.
     */
    public Builder user(String aclRule) {
      List<String> words = new ArrayList<>(List.of("--user"));
      words.addAll(Arrays.asList(aclRule.trim().split("\\s+")));
      options.addAll(words);
      return this;
    }

    /** Sets {@code maxmemory-policy}, such as {@code allkeys-lru}. */
    public Builder maxmemoryPolicy(String policy) {
      return option("--maxmemory-policy", policy);
    }

    /** Adds one redis-server option with its values: {@code option("--maxmemory", "1mb")}. */
    public Builder option(String name, String... values) {
      options.add(name);
      options.addAll(Arrays.asList(values));
      return this;
    }

    /**
     * Serves TLS only, with the server certificate of {@code certificates}; clients must present
     * a certificate the CA signed if {@code authClients}.
     */
    public Builder tls(TestCertificates certificates, boolean authClients) {
      this.certificates = certificates;
      this.authClients = authClients;
      return this;
    }

    /** Starts the server, or skips the test where redis-server is not installed. */
    public RedisServer start() throws IOException {
      RedisProcess.assumeInstalled();
      RedisProcess.Connector connector =
          certificates == null
              ? RedisProcess.Connector.plain(password)
              : RedisProcess.Connector.tls(certificates.clientSockets(), password);
      return new RedisServer(RedisProcess.start(this::arguments, connector), certificates != null);
    }

    private List<String> arguments(int port) {
      List<String> arguments =
          new ArrayList<>(
              List.of(
                  "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"));
      if (certificates == null) {
        arguments.addAll(List.of("--port", Integer.toString(port)));
      } else {
        arguments.addAll(
            List.of(
                "--port",
                "0",
                "--tls-port",
                Integer.toString(port),
                "--tls-cert-file",
                certificates.serverCertificate().toString(),
                "--tls-key-file",
                certificates.serverKey().toString(),
                "--tls-ca-cert-file",
                certificates.caCertificate().toString(),
                "--tls-auth-clients",
                authClients ? "yes" : "no"));
      }
      arguments.addAll(options);
      return arguments;
    }
  }
}
