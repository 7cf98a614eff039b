package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.grpc.CollapseServerInterceptor;
import io.github.collapseexecutor.micrometer.MicrometerCollapseListener;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.grpc.CollapseGrpcServerAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.metrics.CollapseMetricsAutoConfiguration;
import io.grpc.BindableService;
import io.grpc.CallOptions;
import io.grpc.ForwardingServerCallListener;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerServiceDefinition;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.grpc.server.autoconfigure.GrpcServerAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.grpc.server.GlobalServerInterceptor;

/**
 * A Spring Boot 4.1 application with a gRPC service on Boot's in-process gRPC server: with the
 * collapse auto-configuration on, concurrent identical unary calls run the service once; with
 * {@code collapse.executor.grpc.server.enabled=false}, once each.
 */
@Timeout(60)
final class GrpcServerEndToEndTest {

  private static final int CALLERS = 10;

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  GrpcServerAutoConfiguration.class,
                  CollapseExecutorAutoConfiguration.class,
                  CollapseGrpcServerAutoConfiguration.class))
          .withUserConfiguration(App.class);

  @Test
  void identicalCallsRunTheServiceOnce() {
    String name = "collapse-" + System.nanoTime();
    runner
        .withPropertyValues("spring.grpc.server.inprocess.name=" + name)
        .run(
            context -> {
              assertThat(context).hasSingleBean(CollapseServerInterceptor.class);
              Echo echo = context.getBean(Echo.class);
              assertThat(callConcurrently(name)).containsOnly("echo: hi");
              assertThat(echo.runs.get()).isBetween(1, 5);
            });
  }

  @Test
  void theInterceptorsExecutorHasTheMetersOfTheOthers() {
    String name = "metered-" + System.nanoTime();
    runner
        .withConfiguration(AutoConfigurations.of(CollapseMetricsAutoConfiguration.class))
        .withBean(SimpleMeterRegistry.class)
        .withUserConfiguration(Reports.class)
        .withPropertyValues("spring.grpc.server.inprocess.name=" + name)
        .run(
            context -> {
              Echo echo = context.getBean(Echo.class);
              ReportLatch reports = context.getBean(ReportLatch.class);
              reports.expect(CollapseGrpcServerAutoConfiguration.INTEGRATION);

              assertThat(callConcurrently(name)).containsOnly("echo: hi");
              // the callers have their answers before the executor reports the shared run
              reports.await();

              MeterRegistry meters = context.getBean(MeterRegistry.class);
              assertThat(calls(meters, "ran")).isEqualTo(echo.runs.get());
              assertThat(calls(meters, "ran") + calls(meters, "collapsed")).isEqualTo(CALLERS);
            });
  }

  private static double calls(MeterRegistry meters, String outcome) {
    Counter calls =
        meters
            .find(MicrometerCollapseListener.CALLS)
            .tag("executor", CollapseGrpcServerAutoConfiguration.INTEGRATION)
            .tag("outcome", outcome)
            .counter();
    assertThat(calls).as("the executor's %s calls", outcome).isNotNull();
    return calls.count();
  }

  /** A report latch that runs after the meter listener. */
  @Configuration(proxyBeanMethods = false)
  static class Reports {

    @Bean
    @Order(Ordered.LOWEST_PRECEDENCE)
    ReportLatch reportLatch() {
      return new ReportLatch();
    }
  }

  @Test
  void offWithTheServerSectionDisabled() {
    String name = "plain-" + System.nanoTime();
    runner
        .withPropertyValues(
            "spring.grpc.server.inprocess.name=" + name,
            "collapse.executor.grpc.server.enabled=false")
        .run(
            context -> {
              assertThat(context).doesNotHaveBean(CollapseServerInterceptor.class);
              Echo echo = context.getBean(Echo.class);
              assertThat(callConcurrently(name)).containsOnly("echo: hi");
              assertThat(echo.runs.get()).isEqualTo(CALLERS);
            });
  }

  private static List<String> callConcurrently(String name) throws Exception {
    ManagedChannel channel = InProcessChannelBuilder.forName(name).build();
    try {
      List<Future<String>> answers = new ArrayList<>();
      for (int i = 0; i < CALLERS; i++) {
        answers.add(
            ClientCalls.futureUnaryCall(
                channel.newCall(GrpcEchoService.ECHO, CallOptions.DEFAULT), "hi"));
      }
      List<String> values = new ArrayList<>();
      for (Future<String> answer : answers) {
        values.add(answer.get(20, TimeUnit.SECONDS));
      }
      return values;
    } finally {
      channel.shutdownNow();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class App {

    @Bean
    Echo echo() {
      return new Echo();
    }

    /** Counts the calls that reached the interceptors after it; the first to run. */
    @Bean
    @GlobalServerInterceptor
    @Order(Ordered.HIGHEST_PRECEDENCE)
    ServerInterceptor placedCalls(Echo echo) {
      return new ServerInterceptor() {
        @Override
        public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
            ServerCall<ReqT, RespT> call, Metadata headers, ServerCallHandler<ReqT, RespT> next) {
          return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(
              next.startCall(call, headers)) {
            @Override
            public void onHalfClose() {
              super.onHalfClose();
              echo.placed();
            }
          };
        }
      };
    }
  }

  /**
   * {@code test.Echo/Echo}; a run answers once every caller is running it or has been placed by
   * the interceptors, 10 s at most.
   */
  static final class Echo implements BindableService {

    final AtomicInteger runs = new AtomicInteger();
    private int placed;

    synchronized void placed() {
      placed++;
      notifyAll();
    }

    private synchronized void awaitCallers() throws InterruptedException {
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (placed + runs.get() < CALLERS && System.nanoTime() < end) {
        wait(100);
      }
    }

    @Override
    public ServerServiceDefinition bindService() {
      return ServerServiceDefinition.builder("test.Echo")
          .addMethod(
              GrpcEchoService.ECHO,
              ServerCalls.asyncUnaryCall(
                  (request, answer) -> {
                    runs.incrementAndGet();
                    synchronized (this) {
                      notifyAll();
                    }
                    try {
                      awaitCallers();
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                    answer.onNext("echo: " + request);
                    answer.onCompleted();
                  }))
          .build();
    }
  }
}
