package io.github.collapseexecutor.spring.boot.autoconfigure.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.grpc.CollapseClientInterceptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.StartupFailures;
import io.github.collapseexecutor.spring.boot.autoconfigure.e2e.GrpcEchoService;
import io.github.collapseexecutor.spring.boot.autoconfigure.fleet.CollapseFleetWiringAutoConfiguration;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.stub.ClientCalls;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.grpc.client.GlobalClientInterceptor;
import org.springframework.grpc.client.GrpcChannelBuilderCustomizer;

final class CollapseGrpcClientAutoConfigurationTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseGrpcClientAutoConfiguration.class,
                  CollapseFleetWiringAutoConfiguration.class));

  @Test
  void registersTheInterceptorAsAGlobalClientInterceptor() {
    runner.run(
        context -> {
          assertThat(context).hasSingleBean(CollapseClientInterceptor.class);
          assertThat(context.getBean(CollapseClientInterceptor.class).name()).isEqualTo("grpc");
          assertThat(
                  context.findAnnotationOnBean(
                      "collapseGrpcClientInterceptor", GlobalClientInterceptor.class))
              .isNotNull();
        });
  }

  @Test
  void collapsesOnlyTheMethodsTheSectionNames() {
    runner
        .withPropertyValues("collapse.executor.grpc.methods=catalogue.Catalogue/*,other.Other/Get")
        .run(
            context -> {
              CollapseClientInterceptor interceptor =
                  context.getBean(CollapseClientInterceptor.class);
              assertThat(collapses(interceptor, "catalogue.Catalogue/Item")).isTrue();
              assertThat(collapses(interceptor, "other.Other/Get")).isTrue();
              assertThat(collapses(interceptor, "other.Other/Put")).isFalse();
            });
  }

  @Test
  void collapsesEveryUnaryMethodByDefault() {
    runner.run(
        context ->
            assertThat(
                    collapses(
                        context.getBean(CollapseClientInterceptor.class), "any.Service/Method"))
                .isTrue());
  }

  @Test
  void backsOffWhenUserDefinesInterceptor() {
    CollapseClientInterceptor mine = CollapseClientInterceptor.builder().name("mine").build();
    runner
        .withBean(CollapseClientInterceptor.class, () -> mine)
        .run(
            context -> assertThat(context).getBean(CollapseClientInterceptor.class).isSameAs(mine));
  }

  @Test
  void noInterceptorWhenGrpcDisabled() {
    runner
        .withPropertyValues("collapse.executor.grpc.enabled=false")
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .doesNotHaveBean(CollapseClientInterceptor.class));
  }

  @Test
  void noInterceptorWhenMasterSwitchOff() {
    runner
        .withPropertyValues("collapse.executor.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(CollapseClientInterceptor.class));
  }

  @Test
  void noInterceptorWithoutTheGrpcArtifact() {
    runner
        .withClassLoader(new FilteredClassLoader(CollapseClientInterceptor.class))
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .doesNotHaveBean(CollapseClientInterceptor.class));
  }

  @Test
  void noInterceptorWithoutSpringGrpc() {
    runner
        .withClassLoader(new FilteredClassLoader(GlobalClientInterceptor.class))
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .doesNotHaveBean(CollapseClientInterceptor.class));
  }

  @Test
  void fleetTrueWithoutAFleetTierStopsStartupNamingWhatIsMissing() {
    runner
        .withPropertyValues("collapse.executor.grpc.fleet=true")
        .run(
            context ->
                assertThat(StartupFailures.messages(context))
                    .contains(
                        "collapse.executor.grpc.fleet='true': asks for the fleet tier, and"
                            + " collapse.executor.fleet.secret is not set"));
  }

  /**
   * With fleet true, a channel built as Spring gRPC's factory builds one (the global interceptors,
   * then the customizers) asks the tier under its channel name; a channel built otherwise never
   * asks it.
   */
  @Test
  void fleetTrueNamesEachChannelOfTheFactoryForTheTier() {
    List<List<String>> asked = new CopyOnWriteArrayList<>();
    Fleet recording =
        new Fleet() {
          @Override
          public <X extends Exception> byte @Nullable [] call(
              List<String> key, Duration maxWait, Call<X> call) throws X {
            throw new AssertionError("a gRPC call asks without a thread");
          }

          @Override
          public CompletionStage<byte @Nullable []> callAsync(
              List<String> key,
              Duration maxWait,
              Supplier<? extends CompletionStage<byte @Nullable []>> call) {
            asked.add(key);
            return call.get().thenApply(own -> null);
          }
        };
    runner
        .withBean(Fleet.class, () -> recording)
        .withPropertyValues("collapse.executor.grpc.fleet=true")
        .run(
            context -> {
              CollapseClientInterceptor interceptor =
                  context.getBean(CollapseClientInterceptor.class);
              @SuppressWarnings("unchecked")
              GrpcChannelBuilderCustomizer<InProcessChannelBuilder> names =
                  context.getBean(GrpcChannelBuilderCustomizer.class);
              try (GrpcEchoService service = new GrpcEchoService()) {
                service.release();
                String name = service.target().substring("in-process:".length());
                InProcessChannelBuilder factoryBuilt =
                    InProcessChannelBuilder.forName(name).intercept(interceptor);
                names.customize("catalogue", factoryBuilt);
                ManagedChannel named = factoryBuilt.build();
                ManagedChannel unnamed =
                    InProcessChannelBuilder.forName(name).intercept(interceptor).build();
                try {
                  ClientCalls.blockingUnaryCall(
                      named, GrpcEchoService.ECHO, CallOptions.DEFAULT, "a");
                  ClientCalls.blockingUnaryCall(
                      unnamed, GrpcEchoService.ECHO, CallOptions.DEFAULT, "b");
                } finally {
                  named.shutdownNow();
                  unnamed.shutdownNow();
                }
              }
              assertThat(asked)
                  .singleElement()
                  .satisfies(
                      key ->
                          assertThat(key.subList(0, 3))
                              .containsExactly("grpc", "grpc", "catalogue"));
            });
  }

  /** Whether a unary call of {@code fullMethodName} collapses rather than going straight on. */
  private static boolean collapses(CollapseClientInterceptor interceptor, String fullMethodName) {
    MethodDescriptor<String, String> method = GrpcEchoService.unary(fullMethodName);
    ClientCall<String, String> straight = new NoCall();
    Channel next =
        new Channel() {
          @Override
          @SuppressWarnings("unchecked")
          public <ReqT, RespT> ClientCall<ReqT, RespT> newCall(
              MethodDescriptor<ReqT, RespT> m, CallOptions options) {
            return (ClientCall<ReqT, RespT>) straight;
          }

          @Override
          public String authority() {
            return "test";
          }
        };
    return interceptor.interceptCall(method, CallOptions.DEFAULT, next) != straight;
  }

  /** The call a channel makes when the interceptor passes a call straight on; never started. */
  private static final class NoCall extends ClientCall<String, String> {

    @Override
    public void start(Listener<String> listener, Metadata headers) {}

    @Override
    public void request(int numMessages) {}

    @Override
    public void cancel(String message, Throwable cause) {}

    @Override
    public void halfClose() {}

    @Override
    public void sendMessage(String message) {}
  }
}
