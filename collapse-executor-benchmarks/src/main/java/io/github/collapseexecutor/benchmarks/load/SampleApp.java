package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The samples' Spring Boot application ({@value #MAIN_CLASS}) in a JVM of its own: Tomcat on
 * 127.0.0.1 only, with at most 200 threads, the library's servlet filter on
 * {@code /test/collapse*}, and {@code /test/noop*} never collapsed by the server, with a
 * connection backlog large enough for every user of a run. Its {@code /test/counter} counts how
 * often each endpoint's handler ran: the backend calls.
 */
final class SampleApp implements AutoCloseable {

  static final String MAIN_CLASS = "io.github.collapseexecutor.samples.web.SampleApplication";

  /**
   * The same heap for every run, so that a run does not measure the heap growing, and touched at
   * start: otherwise the first collections that copy into fresh regions pay the kernel's page
   * faults (a young pause of 68 ms for 27 MB copied, mostly system time, against 9 to 22 ms once
   * the heap was touched).
   */
  static final List<String> JVM_OPTIONS = List.of("-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch");

  /**
   * Room for every connection a load generator opens at once. wrk connects all its users in the
   * same instant; beyond Tomcat's default backlog of 100 the kernel drops the connection requests,
   * and each dropped user sends nothing until TCP retries a second later, which a 10 s run would
   * count as throughput lost by the server under test.
   */
  private static final int ACCEPT_BACKLOG = 1000;

  /**
   * Room for a Tomcat processor per connection. A request waiting in Servlet async mode holds its
   * processor; Tomcat keeps 200 idle ones by default, so with 400 users waiting on one shared call
   * it dropped and rebuilt about 200 processors, with their buffers, every cycle: in 30 s of the
   * collapsed run, two young collections instead of one, and 283 MB left in the heap after one
   * instead of 104 MB.
   */
  private static final int PROCESSOR_CACHE = 1000;

  private final ChildJvm jvm;
  private final URI base;

  private SampleApp(ChildJvm jvm, URI base) {
    this.jvm = jvm;
    this.base = base;
  }

  /** Returns whether the application is on the class path (the samples module has it). */
  static boolean available() {
    try {
      Class.forName(MAIN_CLASS, false, SampleApp.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  /** Starts the application on a free port, without its start-up report, and waits for it. */
  static SampleApp start(Path logs) throws IOException, InterruptedException {
    return start("sample-app", JVM_OPTIONS, logs);
  }

  /**
   * Starts the application as {@link #start(Path)} does, with its own JVM options, its log named
   * after {@code name}.
   */
  static SampleApp start(String name, List<String> jvmOptions, Path logs)
      throws IOException, InterruptedException {
    return start(
        name,
        jvmOptions,
        logs,
        InetSocketAddress.createUnresolved("127.0.0.1", Loopback.freePort()),
        List.of());
  }

  /**
   * Starts the application as {@link #start(String, List, Path)} does, listening on
   * {@code listen} (a loopback address), with more arguments of its own.
   */
  static SampleApp start(
      String name,
      List<String> jvmOptions,
      Path logs,
      InetSocketAddress listen,
      List<String> arguments)
      throws IOException, InterruptedException {
    return start(name, jvmOptions, logs, listen, arguments, "");
  }

  /**
   * Starts the application as {@link #start(String, List, Path, InetSocketAddress, List)} does,
   * with {@code extraClassPath} after the harness's class path (entries separated by the
   * platform's path separator, or empty).
   */
  static SampleApp start(
      String name,
      List<String> jvmOptions,
      Path logs,
      InetSocketAddress listen,
      List<String> arguments,
      String extraClassPath)
      throws IOException, InterruptedException {
    URI base = URI.create("http://" + Loopback.text(listen));
    List<String> all =
        new ArrayList<>(
            List.of(
                // Tomcat listens on every interface unless told otherwise
                "--server.address=" + listen.getHostString(),
                "--server.port=" + listen.getPort(),
                "--sample.startup-report.enabled=false",
                "--server.tomcat.accept-count=" + ACCEPT_BACKLOG,
                "--server.tomcat.processor-cache=" + PROCESSOR_CACHE));
    all.addAll(arguments);
    ChildJvm jvm =
        ChildJvm.start(
            name, MAIN_CLASS, jvmOptions, all, base.resolve("/test/counter"), logs, extraClassPath);
    return new SampleApp(jvm, base);
  }

  /** Returns the URL of {@code path}, such as {@code /test/collapse100}. */
  URI url(String path) {
    return base.resolve(path);
  }

  /** Returns how often the handler of {@code endpoint} (such as {@code noop100}) ran. */
  long executions(String endpoint) throws IOException, InterruptedException {
    return count(url("/test/counter"), endpoint);
  }

  /**
   * Returns the count of {@code endpoint} in the JSON object of counts that {@code counter}
   * answers, such as {@code {"noop100":12}}.
   */
  static long count(URI counter, String endpoint) throws IOException, InterruptedException {
    String counts = Loopback.get(counter);
    Matcher count =
        Pattern.compile("\"" + Pattern.quote(endpoint) + "\"\\s*:\\s*(\\d+)").matcher(counts);
    if (!count.find()) {
      throw new IOException("no count of " + endpoint + " in " + counter + ": " + counts);
    }
    return Long.parseLong(count.group(1));
  }

  /** Returns the port the application listens on, on 127.0.0.1. */
  int port() {
    return base.getPort();
  }

  /** Returns the address and port the application listens on. */
  InetSocketAddress address() {
    return InetSocketAddress.createUnresolved(base.getHost(), base.getPort());
  }

  /** Returns the pid of the application's JVM. */
  long pid() {
    return jvm.pid();
  }

  @Override
  public void close() {
    jvm.close();
  }
}
