package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.github.collapseexecutor.core.CollapseExecutor;
import io.github.collapseexecutor.grpc.CollapseClientInterceptor;
import io.github.collapseexecutor.grpc.CollapseServerInterceptor;
import io.github.collapseexecutor.micrometer.HttpCollapseStatsMeterBinder;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.CoreExecutorDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.SwitchDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.e2e.GrpcEchoService;
import io.github.collapseexecutor.spring.boot.autoconfigure.grpc.CollapseGrpcClientAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.grpc.CollapseGrpcServerAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.metrics.CollapseMetricsAutoConfiguration;
import io.github.collapseexecutor.testing.Parking;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.grpc.CallOptions;
import io.grpc.ClientInterceptor;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The endpoint on the gRPC interceptors, by their names: each turns off and on alone, is listed
 * while it is off, and is described with whether it collapses and its counts. What a switched-off
 * interceptor does with calls is {@code collapse-executor-grpc}'s own tests. Each section's
 * {@code mode}, else the top-level one, reaches its interceptor, whose would-be figures the
 * endpoint and the meters show.
 */
final class GrpcInterceptorSwitchTest {

  /** Identical calls held at the service together: within the in-process server's threads. */
  private static final int OBSERVED_CALLERS = 12;

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseGrpcClientAutoConfiguration.class,
                  CollapseGrpcServerAutoConfiguration.class,
                  CollapseEndpointAutoConfiguration.class))
          .withPropertyValues("management.endpoints.web.exposure.include=collapse");

  @ParameterizedTest
  @ValueSource(strings = {"grpc", "grpc-server"})
  void eachInterceptorTurnsOffAndOnAloneByItsName(String name) {
    runner.run(
        context -> {
          CollapseEndpoint endpoint = context.getBean(CollapseEndpoint.class);
          CollapseExecutor client = context.getBean(CollapseClientInterceptor.class);
          CollapseExecutor server = context.getBean(CollapseServerInterceptor.class);
          CollapseExecutor switched = name.equals(client.name()) ? client : server;
          CollapseExecutor other = switched == client ? server : client;

          assertThat(endpoint.switchCollapsing(name, false, null))
              .containsExactly(new SwitchDescription(name, List.of(), false));
          assertThat(switched.isCollapsing()).isFalse();
          assertThat(other.isCollapsing()).as("the other interceptor").isTrue();
          assertThat(endpoint.collapse().collapsingOff())
              .containsExactly(new SwitchDescription(name, List.of(), false));

          endpoint.switchCollapsing(name, true, null);
          assertThat(switched.isCollapsing()).isTrue();
          assertThat(endpoint.collapse().collapsingOff()).isEmpty();
        });
  }

  @Test
  void theEndpointListsEachInterceptorWithWhetherItCollapsesAndItsCounts() {
    runner.run(
        context -> {
          CollapseEndpoint endpoint = context.getBean(CollapseEndpoint.class);
          CollapseClientInterceptor client = context.getBean(CollapseClientInterceptor.class);
          try (GrpcEchoService service = new GrpcEchoService()) {
            service.release();
            String name = service.target().substring("in-process:".length());
            ManagedChannel channel =
                InProcessChannelBuilder.forName(name).intercept(client).build();
            try {
              for (int i = 0; i < 3; i++) {
                ClientCalls.blockingUnaryCall(
                    channel, GrpcEchoService.ECHO, CallOptions.DEFAULT, "call " + i);
              }
            } finally {
              channel.shutdownNow();
            }
          }
          // each run is counted as it is reported, after its caller has the answer
          Parking.awaitTrue(
              () -> countsOf(endpoint, "grpc").calls() == 3, "the three calls to be counted");
          endpoint.switchCollapsing("grpc-server", false, null);

          assertThat(endpoint.collapse().coreExecutors())
              .extracting(
                  CoreExecutorDescription::name,
                  CoreExecutorDescription::collapsing,
                  core -> core.counts().calls(),
                  core -> core.counts().runs())
              .containsExactlyInAnyOrder(
                  tuple("grpc", true, 3L, 3L), tuple("grpc-server", false, 0L, 0L));
        });
  }

  @Test
  @Timeout(60)
  void theGrpcSectionsModeMakesTheClientObserveAndTheEndpointAndMetersShowItsWouldBeFigures()
      throws Exception {
    runner
        .withConfiguration(AutoConfigurations.of(CollapseMetricsAutoConfiguration.class))
        .withBean(SimpleMeterRegistry.class, SimpleMeterRegistry::new)
        .withPropertyValues("collapse.executor.grpc.mode=observe")
        .run(
            context -> {
              CollapseEndpoint endpoint = context.getBean(CollapseEndpoint.class);
              List<String> answers =
                  identicalCallsHeldUntilAllArrived(
                      OBSERVED_CALLERS, context.getBean(CollapseClientInterceptor.class));

              assertThat(answers).hasSize(OBSERVED_CALLERS).containsOnly("held");
              CollapseDescription.RunCounts client = countsOf(endpoint, "grpc");
              assertThat(client.calls()).isEqualTo(OBSERVED_CALLERS);
              assertThat(client.runs()).as("a call each").isEqualTo(OBSERVED_CALLERS);
              assertThat(client.observed()).isNotNull();
              assertThat(client.observed().wouldJoin()).isEqualTo(OBSERVED_CALLERS - 1);
              assertThat(client.observed().wouldSave()).isEqualTo(OBSERVED_CALLERS - 1);
              assertThat(client.observed().fanIn()).containsEntry("9-16", 1L);
              assertThat(client.observed().topKeys())
                  .as("the one key, by method and hash, with its would-be joins")
                  .hasSize(1)
                  .allSatisfy(
                      (key, joins) -> {
                        assertThat(key).matches(".+/.+ #[0-9a-f]{6}");
                        assertThat(joins).isEqualTo(OBSERVED_CALLERS - 1L);
                      });
              assertThat(
                      context
                          .getBean(MeterRegistry.class)
                          .get(HttpCollapseStatsMeterBinder.OBSERVED_WOULD_JOIN)
                          .tag("executor", "grpc")
                          .counter()
                          .count())
                  .isEqualTo(OBSERVED_CALLERS - 1);
              assertThat(countsOf(endpoint, "grpc-server").observed())
                  .as("the server section collapses")
                  .isNull();
            });
  }

  @ParameterizedTest
  @ValueSource(strings = {"observe", "collapse"})
  void theTopLevelModeReachesBothInterceptorsUnlessTheirSectionSetsItsOwn(String serverMode) {
    runner
        .withPropertyValues(
            "collapse.executor.mode=observe", "collapse.executor.grpc.server.mode=" + serverMode)
        .run(
            context -> {
              CollapseEndpoint endpoint = context.getBean(CollapseEndpoint.class);
              callThreeTimes(
                  context.getBean(CollapseClientInterceptor.class),
                  context.getBean(CollapseServerInterceptor.class));
              Parking.awaitTrue(
                  () ->
                      countsOf(endpoint, "grpc").calls() == 3
                          && countsOf(endpoint, "grpc-server").calls() == 3,
                  "the three calls to be counted by both");

              assertThat(countsOf(endpoint, "grpc").observed()).as("client observes").isNotNull();
              assertThat(countsOf(endpoint, "grpc-server").observed() != null)
                  .as("server observes")
                  .isEqualTo(serverMode.equals("observe"));
            });
  }

  @Test
  void anUnknownNameIsRefusedWithTheInterceptorsAmongTheNamesItTakes() {
    runner.run(
        context ->
            assertThatThrownBy(
                    () ->
                        context
                            .getBean(CollapseEndpoint.class)
                            .switchCollapsing("grcp", false, null))
                .isInstanceOf(InvalidEndpointRequestException.class)
                .hasMessageContaining("core executors: [grpc, grpc-server]"));
  }

  /**
   * Makes {@code callers} identical calls at once through {@code client} to an in-process service
   * that holds each until all have arrived, at most 10 s; returns their answers.
   */
  private static List<String> identicalCallsHeldUntilAllArrived(
      int callers, ClientInterceptor client) throws Exception {
    CountDownLatch arrived = new CountDownLatch(callers);
    String name = InProcessServerBuilder.generateName();
    Server started =
        InProcessServerBuilder.forName(name)
            .addService(
                ServerServiceDefinition.builder("test.Echo")
                    .addMethod(
                        GrpcEchoService.ECHO,
                        ServerCalls.asyncUnaryCall(
                            (String request, StreamObserver<String> answer) -> {
                              arrived.countDown();
                              try {
                                assertThat(arrived.await(10, TimeUnit.SECONDS)).isTrue();
                              } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                              }
                              answer.onNext("held");
                              answer.onCompleted();
                            }))
                    .build())
            .build()
            .start();
    ManagedChannel channel = InProcessChannelBuilder.forName(name).intercept(client).build();
    try {
      return Concurrently.run(
          callers,
          () ->
              ClientCalls.blockingUnaryCall(
                  channel, GrpcEchoService.ECHO, CallOptions.DEFAULT, "same"));
    } finally {
      channel.shutdownNow();
      started.shutdownNow();
    }
  }

  /**
   * Makes three calls, one after the other, through {@code client} if any to an in-process echo
   * service behind {@code server} if any.
   */
  private static void callThreeTimes(
      @Nullable ClientInterceptor client, @Nullable ServerInterceptor server) throws IOException {
    String name = InProcessServerBuilder.generateName();
    ServerServiceDefinition echo =
        ServerServiceDefinition.builder("test.Echo")
            .addMethod(
                GrpcEchoService.ECHO,
                ServerCalls.asyncUnaryCall(
                    (String request, StreamObserver<String> answer) -> {
                      answer.onNext(request);
                      answer.onCompleted();
                    }))
            .build();
    Server started =
        InProcessServerBuilder.forName(name)
            .addService(server == null ? echo : ServerInterceptors.intercept(echo, server))
            .build()
            .start();
    InProcessChannelBuilder channels = InProcessChannelBuilder.forName(name);
    if (client != null) {
      channels.intercept(client);
    }
    ManagedChannel channel = channels.build();
    try {
      for (int i = 0; i < 3; i++) {
        assertThat(
                ClientCalls.blockingUnaryCall(
                    channel, GrpcEchoService.ECHO, CallOptions.DEFAULT, "call " + i))
            .isEqualTo("call " + i);
      }
    } finally {
      channel.shutdownNow();
      started.shutdownNow();
    }
  }

  private static CollapseDescription.RunCounts countsOf(CollapseEndpoint endpoint, String name) {
    return endpoint.collapse().coreExecutors().stream()
        .filter(core -> core.name().equals(name))
        .findFirst()
        .orElseThrow()
        .counts();
  }
}
