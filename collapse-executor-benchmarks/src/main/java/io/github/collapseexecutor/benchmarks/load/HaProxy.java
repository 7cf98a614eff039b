package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * HAProxy in front of instances of the sample application, in a process of its own. Its
 * configuration is written for each run, binds 127.0.0.1 only, and has a second listener for
 * HAProxy's statistics, from which the harness reads how many requests each instance got.
 */
final class HaProxy implements LoadBalancer {

  static final String INSTALL_HINT =
      "haproxy is not installed; on Debian or Ubuntu: apt-get"
          + " install -y haproxy (load.sh does it when run as root)";

  private static final String STATS_PATH = "/stats";

  private final ChildProcess child;
  private final URI base;
  private final URI stats;

  private HaProxy(ChildProcess child, URI base, URI stats) {
    this.child = child;
    this.base = base;
    this.stats = stats;
  }

  /** Returns the haproxy executable, if it is installed. */
  static Optional<Path> find() {
    return Executables.onPath("haproxy");
  }

  /**
   * Returns the configuration of a proxy on {@code port} of 127.0.0.1 in front of
   * {@code instances}, with statistics on {@code statsPort}.
   */
  static String config(
      Balancing balancing, int port, int statsPort, List<InetSocketAddress> instances) {
    List<String> lines =
        new ArrayList<>(
            List.of(
                "# written by the load harness: "
                    + instances.size()
                    + " instance(s), "
                    + balancing.title(),
                "global",
                "  maxconn 4096",
                "",
                "defaults",
                "  mode http",
                "  timeout connect 5s",
                "  timeout client 60s",
                "  timeout server 60s",
                "",
                "frontend load",
                "  bind 127.0.0.1:" + port,
                "  default_backend instances",
                "",
                "frontend stats",
                "  bind 127.0.0.1:" + statsPort,
                "  stats enable",
                "  stats uri " + STATS_PATH,
                "",
                "backend instances"));
    balancing.haproxyLines().forEach(line -> lines.add("  " + line));
    for (int i = 0; i < instances.size(); i++) {
      lines.add("  server instance" + (i + 1) + " " + Loopback.text(instances.get(i)));
    }
    lines.add("");
    return String.join("\n", lines);
  }

  /**
   * Writes the configuration into {@code dir}, starts HAProxy on it in the foreground and returns
   * once it accepts connections.
   *
   * @throws IllegalStateException if HAProxy exited or did not listen within 10 s
   */
  static HaProxy start(
      Path haproxy, Balancing balancing, List<InetSocketAddress> instances, Path dir)
      throws IOException, InterruptedException {
    int port = Loopback.freePort();
    int statsPort = Loopback.freePort();
    Files.createDirectories(dir);
    String name = "haproxy-" + instances.size() + "-" + balancing.name().toLowerCase(Locale.ROOT);
    Path config =
        Files.writeString(
            dir.resolve(name + ".cfg"), config(balancing, port, statsPort, instances));
    ChildProcess child =
        ChildProcess.startListening(
            List.of(haproxy.toString(), "-db", "-f", config.toString()),
            dir.resolve(name + ".log"),
            port,
            config);
    return new HaProxy(
        child,
        URI.create("http://127.0.0.1:" + port),
        URI.create("http://127.0.0.1:" + statsPort + STATS_PATH + ";csv"));
  }

  @Override
  public URI url(String path) {
    return base.resolve(path);
  }

  /** Returns how many requests the proxy sent to each instance, by server name. */
  @Override
  public Map<String, Long> requestsPerInstance() throws IOException, InterruptedException {
    List<String> rows = Loopback.get(stats).lines().toList();
    List<String> columns = Arrays.asList(rows.get(0).replaceFirst("^# ", "").split(","));
    int server = columns.indexOf("svname");
    int requests = columns.indexOf("req_tot");
    if (server < 0 || requests < 0) {
      throw new IOException("no svname or req_tot column in HAProxy's statistics: " + rows.get(0));
    }
    Map<String, Long> perInstance = new LinkedHashMap<>();
    for (String row : rows.subList(1, rows.size())) {
      String[] cells = row.split(",", -1);
      if (cells.length > requests && cells[server].startsWith("instance")) {
        perInstance.put(cells[server], Long.parseLong(cells[requests]));
      }
    }
    return perInstance;
  }

  /** Stops HAProxy. */
  @Override
  public void close() {
    child.close();
  }
}
