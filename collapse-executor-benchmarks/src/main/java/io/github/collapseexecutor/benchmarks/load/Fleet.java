package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/**
 * Instances of the sample application, each in a JVM of its own on 127.0.0.1, started a few at a
 * time and stopped together. Sized so that eight fit on a small machine beside the load
 * generator and the proxy: a small fixed heap, one processor each, and only the C1 compiler,
 * which reaches steady code within the warm-up, where C2 kept compiling for 20 to 30 s in the
 * servlet case. The figure this case is about, backend calls, does not depend on how fast the
 * code runs.
 */
final class Fleet implements AutoCloseable {

  static final List<String> JVM_OPTIONS =
      List.of("-Xms256m", "-Xmx256m", "-XX:ActiveProcessorCount=1", "-XX:TieredStopAtLevel=1");

  private final List<SampleApp> instances;

  private Fleet(List<SampleApp> instances) {
    this.instances = List.copyOf(instances);
  }

  /**
   * Starts {@code size} instances and returns once every one answers.
   *
   * @throws IllegalStateException if one of them did not start; those that did are stopped
   */
  static Fleet start(int size, Path logs) throws IOException, InterruptedException {
    return start(
        size,
        logs,
        "instance-",
        instance -> InetSocketAddress.createUnresolved("127.0.0.1", Loopback.freePort()),
        List.of(),
        "");
  }

  /**
   * Starts {@code size} instances as {@link #start(int, Path)} does, all on one port, each on an
   * address of its own (127.0.0.1, 127.0.0.2, ...), as the instances of one application are
   * behind a balancer, with {@code arguments} of their own; their logs are named after
   * {@code name}.
   */
  static Fleet startOnOnePort(int size, Path logs, String name, List<String> arguments)
      throws IOException, InterruptedException {
    return startOnOnePort(size, logs, name, arguments, "");
  }

  /**
   * Starts the instances as {@link #startOnOnePort(int, Path, String, List)} does, with
   * {@code extraClassPath} after the harness's class path (or empty).
   */
  static Fleet startOnOnePort(
      int size, Path logs, String name, List<String> arguments, String extraClassPath)
      throws IOException, InterruptedException {
    int port = Loopback.freePort();
    return start(
        size,
        logs,
        name + "-instance-",
        instance -> InetSocketAddress.createUnresolved("127.0.0." + instance, port),
        arguments,
        extraClassPath);
  }

  private static Fleet start(
      int size,
      Path logs,
      String names,
      IntFunction<InetSocketAddress> address,
      List<String> arguments,
      String extraClassPath)
      throws IOException, InterruptedException {
    // one start per core: eight Spring Boot start-ups at once on two cores took two minutes each
    ExecutorService starters =
        Executors.newFixedThreadPool(Math.min(size, Runtime.getRuntime().availableProcessors()));
    List<Future<SampleApp>> starting = new ArrayList<>();
    List<SampleApp> started = new ArrayList<>();
    try {
      for (int i = 1; i <= size; i++) {
        String name = names + i;
        InetSocketAddress listen = address.apply(i);
        starting.add(
            starters.submit(
                () -> SampleApp.start(name, JVM_OPTIONS, logs, listen, arguments, extraClassPath)));
      }
      Throwable failure = null;
      for (Future<SampleApp> instance : starting) {
        try {
          started.add(instance.get());
        } catch (ExecutionException e) {
          failure = failure == null ? e.getCause() : failure;
        }
      }
      if (failure != null) {
        throw new IllegalStateException(
            "an instance of the sample application did not start", failure);
      }
      return new Fleet(started);
    } catch (RuntimeException | InterruptedException e) {
      starting.forEach(instance -> instance.cancel(/* mayInterruptIfRunning= */ true));
      started.forEach(SampleApp::close);
      throw e;
    } finally {
      starters.shutdown();
    }
  }

  /** Returns the first {@code count} instances. */
  List<SampleApp> first(int count) {
    return instances.subList(0, count);
  }

  /** Returns the addresses of the first {@code count} instances. */
  List<InetSocketAddress> addresses(int count) {
    return first(count).stream().map(SampleApp::address).toList();
  }

  /** Returns how often the handler of {@code endpoint} ran, summed over every instance. */
  long executions(String endpoint) throws IOException, InterruptedException {
    long sum = 0;
    for (SampleApp instance : instances) {
      sum += instance.executions(endpoint);
    }
    return sum;
  }

  /** Stops every instance. */
  @Override
  public void close() {
    instances.forEach(SampleApp::close);
  }
}
