package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.Parking;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.MethodDescriptor;
import io.grpc.stub.ClientCalls;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIf;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.grpc.client.ChannelBuilderOptions;
import org.springframework.grpc.client.GlobalClientInterceptor;
import org.springframework.grpc.client.GrpcChannelFactory;
import org.springframework.util.ClassUtils;

/**
 * A Spring Boot application whose gRPC channel comes from Spring Boot's gRPC client support (its
 * in-process channel factory): the auto-configured collapse interceptor is on it without any
 * wiring, so 50 concurrent identical unary calls reach the service a few times at most, and it
 * runs after the application's own global interceptor. The service holds its answers until every
 * caller waits.
 *
 * <p>Needs Spring Boot's gRPC client auto-configuration, which Spring Boot 4 has and Spring Boot
 * 3.5 leaves to Spring gRPC's own starter.
 */
@EnabledIf(
    value = "springBootConfiguresGrpcChannels",
    disabledReason = "Spring Boot's gRPC client auto-configuration is not on the class path")
final class GrpcClientEndToEndTest {

  static boolean springBootConfiguresGrpcChannels() {
    return ClassUtils.isPresent(
        "org.springframework.boot.grpc.client.autoconfigure.GrpcClientAutoConfiguration", null);
  }

  private static final int CALLERS = 50;

  @Test
  @Timeout(60)
  void fiftyIdenticalCallsThroughABootChannelReachTheServiceAtMostFiveTimes() throws Exception {
    try (GrpcEchoService service = new GrpcEchoService();
        ConfigurableApplicationContext context = start(service)) {
      callConcurrently(context.getBean("echoChannel", Channel.class), service);

      assertThat(service.calls()).isBetween(1, 5);
      assertThat(context.getBean("globalCounting", CountingInterceptor.class).calls.get())
          .as("the application's global interceptor runs before collapse, for every caller")
          .isEqualTo(CALLERS);
    }
  }

  /** The ordering hazard the auto-configuration's javadoc warns of, as Spring gRPC sorts. */
  @Test
  @Timeout(60)
  void aChannelsOwnInterceptorWithNoOrderRunsAfterCollapse() throws Exception {
    try (GrpcEchoService service = new GrpcEchoService();
        ConfigurableApplicationContext context = start(service)) {
      callConcurrently(context.getBean("ownInterceptorChannel", Channel.class), service);

      assertThat(service.calls()).isBetween(1, 5);
      assertThat(context.getBean("channelCounting", CountingInterceptor.class).calls.get())
          .as("the channel's own interceptor sees only the calls collapse let through")
          .isEqualTo(service.calls());
    }
  }

  private static ConfigurableApplicationContext start(GrpcEchoService service) {
    return new SpringApplicationBuilder(App.class)
        .web(WebApplicationType.NONE)
        .properties("echo.target=" + service.target())
        .run();
  }

  /** Makes {@link #CALLERS} identical calls at once, held until all wait; checks each answer. */
  private static void callConcurrently(Channel channel, GrpcEchoService service) throws Exception {
    List<Thread> threads = new ArrayList<>();
    List<CompletableFuture<String>> answers = new ArrayList<>();
    for (int i = 0; i < CALLERS; i++) {
      CompletableFuture<String> answer = new CompletableFuture<>();
      Thread caller =
          new Thread(
              () -> {
                try {
                  answer.complete(
                      ClientCalls.blockingUnaryCall(
                          channel, GrpcEchoService.ECHO, CallOptions.DEFAULT, "hello"));
                } catch (RuntimeException e) {
                  answer.completeExceptionally(e);
                }
              },
              "grpc-caller-" + i);
      caller.setDaemon(true);
      threads.add(caller);
      answers.add(answer);
    }
    threads.forEach(Thread::start);

    assertThat(service.awaitFirstCall()).as("the first call reached the service").isTrue();
    Parking.awaitParked(threads);
    service.release();

    for (CompletableFuture<String> answer : answers) {
      assertThat(answer.get(20, TimeUnit.SECONDS)).isEqualTo("echo: hello");
    }
  }

  /** An application that only asks Spring Boot's channel factory for a channel. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {

    // the target itself: Spring gRPC 1.1's in-process factory fails on a channel named in
    // spring.grpc.client.channel.*, handing InProcessChannelBuilder the name, not its target
    @Bean
    Channel echoChannel(GrpcChannelFactory channels, Environment environment) {
      return channels.createChannel(environment.getRequiredProperty("echo.target"));
    }

    @Bean
    Channel ownInterceptorChannel(
        GrpcChannelFactory channels,
        Environment environment,
        @Qualifier("channelCounting") CountingInterceptor channelCounting) {
      return channels.createChannel(
          environment.getRequiredProperty("echo.target"),
          ChannelBuilderOptions.defaults().withInterceptors(List.of(channelCounting)));
    }

    @Bean
    @GlobalClientInterceptor
    CountingInterceptor globalCounting() {
      return new CountingInterceptor();
    }

    /** Not global: given to one channel only. */
    @Bean
    CountingInterceptor channelCounting() {
      return new CountingInterceptor();
    }
  }

  /** A global interceptor of the application's, with no order, that counts the calls it sees. */
  static final class CountingInterceptor implements ClientInterceptor {

    final AtomicInteger calls = new AtomicInteger();

    @Override
    public <ReqT, RespT> ClientCall<ReqT, RespT> interceptCall(
        MethodDescriptor<ReqT, RespT> method, CallOptions callOptions, Channel next) {
      calls.incrementAndGet();
      return next.newCall(method, callOptions);
    }
  }
}
