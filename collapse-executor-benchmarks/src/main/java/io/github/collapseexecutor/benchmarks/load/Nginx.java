package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * nginx in front of instances of the sample application, in a process of its own, in the
 * foreground. Its configuration is written for each run and listens on 127.0.0.1 only; its pid,
 * logs and temporary files stay in the run's directory. nginx does not count requests per
 * instance without a commercial module, so {@link #requestsPerInstance()} is empty.
 */
final class Nginx implements LoadBalancer {

  static final String INSTALL_HINT =
      "nginx is not installed; on Debian or Ubuntu: apt-get" + " install -y nginx-light";

  private final ChildProcess child;
  private final URI base;

  private Nginx(ChildProcess child, URI base) {
    this.child = child;
    this.base = base;
  }

  /** Returns the nginx executable, if it is installed. */
  static Optional<Path> find() {
    return Executables.onPath("nginx");
  }

  /**
   * Returns the configuration of a proxy on {@code port} of 127.0.0.1 in front of
   * {@code instances}, its files under {@code dir}.
   */
  static String config(Balancing balancing, int port, List<InetSocketAddress> instances, Path dir) {
    String files = dir.toAbsolutePath().toString();
    List<String> lines =
        new ArrayList<>(
            List.of(
                "# written by the load harness: "
                    + instances.size()
                    + " instance(s), "
                    + balancing.title(),
                "daemon off;",
                // one process: a forced stop cannot leave a worker behind
                "master_process off;",
                "pid " + files + "/nginx.pid;",
                "error_log " + files + "/nginx-error.log warn;",
                "",
                "events {",
                "  worker_connections 4096;",
                "}",
                "",
                "http {",
                "  access_log off;",
                "  client_body_temp_path " + files + "/nginx-temp;",
                "  proxy_temp_path " + files + "/nginx-temp;",
                "",
                "  upstream instances {"));
    balancing.nginxLines().forEach(line -> lines.add("    " + line));
    instances.forEach(instance -> lines.add("    server " + Loopback.text(instance) + ";"));
    lines.addAll(
        List.of(
            "    keepalive 256;",
            "  }",
            "",
            "  server {",
            "    listen 127.0.0.1:" + port + ";",
            "    location / {",
            "      proxy_pass http://instances;",
            "      proxy_http_version 1.1;",
            "      proxy_set_header Connection \"\";",
            "    }",
            "  }",
            "}",
            ""));
    return String.join("\n", lines);
  }

  /**
   * Writes the configuration into {@code dir}, starts nginx on it and returns once it accepts
   * connections.
   *
   * @throws IllegalStateException if nginx exited or did not listen within 10 s
   */
  static Nginx start(Path nginx, Balancing balancing, List<InetSocketAddress> instances, Path dir)
      throws IOException, InterruptedException {
    int port = Loopback.freePort();
    String name = "nginx-" + instances.size() + "-" + balancing.name().toLowerCase(Locale.ROOT);
    Path files = Files.createDirectories(dir.resolve(name));
    Files.createDirectories(files.resolve("nginx-temp"));
    Path config =
        Files.writeString(dir.resolve(name + ".conf"), config(balancing, port, instances, files));
    ChildProcess child =
        ChildProcess.startListening(
            List.of(
                nginx.toString(),
                "-p",
                files.toAbsolutePath().toString(),
                "-c",
                config.toAbsolutePath().toString()),
            dir.resolve(name + ".log"),
            port,
            config);
    return new Nginx(child, URI.create("http://127.0.0.1:" + port));
  }

  @Override
  public URI url(String path) {
    return base.resolve(path);
  }

  @Override
  public Map<String, Long> requestsPerInstance() {
    return Map.of();
  }

  /** Stops nginx. */
  @Override
  public void close() {
    child.close();
  }
}
