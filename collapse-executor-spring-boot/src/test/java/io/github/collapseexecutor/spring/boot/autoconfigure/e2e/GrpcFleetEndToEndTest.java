package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.FleetTestAccess;
import io.github.collapseexecutor.testing.LocalRedis;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.stub.ClientCalls;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIf;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.grpc.client.GrpcChannelFactory;

/**
 * Two instances of one Spring Boot application, configured by properties alone
 * ({@code collapse.executor.grpc.fleet=true} and the fleet's secret), each with a channel of
 * Spring Boot's gRPC client support to one service, on the Redis on 127.0.0.1:6379 (skipped
 * without it): a call on the second instance takes the reply of the first instance's call.
 */
@EnabledIf(
    value = "springBootConfiguresGrpcChannels",
    disabledReason = "Spring Boot's gRPC client auto-configuration is not on the class path")
@Timeout(120)
final class GrpcFleetEndToEndTest {

  static boolean springBootConfiguresGrpcChannels() {
    return GrpcClientEndToEndTest.springBootConfiguresGrpcChannels();
  }

  private final List<ConfigurableApplicationContext> instances = new ArrayList<>();
  private final ExecutorService callers = Executors.newFixedThreadPool(2);
  private final String keyPrefix = "collapse-test:" + UUID.randomUUID();

  @AfterEach
  void stop() {
    callers.shutdownNow();
    instances.forEach(ConfigurableApplicationContext::close);
  }

  @Test
  void aCallOnTheSecondInstanceTakesTheReplyOfTheFirstInstancesCall() throws Exception {
    LocalRedis.assumeRunning();
    try (GrpcEchoService service = new GrpcEchoService()) {
      Channel first = start(service).getBean("echoChannel", Channel.class);
      ConfigurableApplicationContext secondInstance = start(service);
      Channel second = secondInstance.getBean("echoChannel", Channel.class);
      FleetCoordinator secondFleet = secondInstance.getBean(FleetCoordinator.class);
      for (ConfigurableApplicationContext instance : instances) {
        FleetTestAccess.awaitCoordinating(instance.getBean(FleetCoordinator.class));
      }

      CompletableFuture<String> led = call(first);
      assertThat(service.awaitFirstCall()).isTrue();
      CompletableFuture<String> joined = call(second);
      FleetTestAccess.awaitWatching(secondFleet, 1);
      service.release();

      assertThat(led.get(30, TimeUnit.SECONDS)).isEqualTo("echo: hello");
      assertThat(joined.get(30, TimeUnit.SECONDS)).isEqualTo("echo: hello");
      assertThat(service.calls()).isEqualTo(1);
      assertThat(secondFleet.stats().joined()).isEqualTo(1);
    }
  }

  private ConfigurableApplicationContext start(GrpcEchoService service) {
    ConfigurableApplicationContext instance =
        FleetInstance.start(
            App.class,
            WebApplicationType.NONE,
            keyPrefix,
            "--echo.target=" + service.target(),
            "--collapse.executor.grpc.fleet=true");
    instances.add(instance);
    return instance;
  }

  private CompletableFuture<String> call(Channel channel) {
    return CompletableFuture.supplyAsync(
        () ->
            ClientCalls.blockingUnaryCall(
                channel,
                GrpcEchoService.ECHO,
                CallOptions.DEFAULT.withDeadlineAfter(30, TimeUnit.SECONDS),
                "hello"),
        callers);
  }

  /** An application that only asks Spring Boot's channel factory for a channel. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {

    @Bean
    Channel echoChannel(GrpcChannelFactory channels, Environment environment) {
      return channels.createChannel(environment.getRequiredProperty("echo.target"));
    }
  }
}
